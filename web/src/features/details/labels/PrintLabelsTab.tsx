import { PictureAsPdf, Image as ImageIcon } from '@mui/icons-material';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { LABEL_PRODUCT_NAMES, labelProductsFor, labelQuery, obituaryQrAllowed, offsetsInUse, parseOffset, stationeryPath, type LabelFormat, type LabelProduct } from '../../../../../common/label-settings.ts';
import type { VideoDetails } from '../api.ts';
import { LabelPreview } from './LabelPreview.tsx';
import { LabelSettingsForm } from './LabelSettingsForm.tsx';
import { useLabelSettings } from './useLabelSettings.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * Spec 3 section 2.5, the Print Labels tab: the label settings (remembered for every video), a preview of each
 * product as it will print, and its PDF and JPG from /stationeries/{product}/{videoCode}.{pdf|jpg}.
 */
export function PrintLabelsTab({ video, admin }: { video: VideoDetails; admin: boolean }) {
  const products = labelProductsFor(admin);
  const [settings, setSettings] = useLabelSettings();
  const [product, setProduct] = useState<LabelProduct>('dvd_label');
  const obituaryAllowed = obituaryQrAllowed(video.obituaryQrLink, video.obitUrl);
  const valid = offsetsInUse(settings).every((key) => parseOffset(settings[key]) !== null);
  const query = labelQuery(settings, obituaryAllowed);
  const urlOf = (p: LabelProduct, format: LabelFormat = 'jpg'): string | null => (valid ? `${stationeryPath(p, video.videoCode, format)}?${query}` : null);

  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' }, alignItems: 'start' }}>
      <Stack spacing={{ xs: 2, md: 3 }}>
        <Section title="Label Settings">
          <LabelSettingsForm settings={settings} obituaryAllowed={obituaryAllowed} onChange={setSettings} />
        </Section>
        <Section title="Print">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Print the PDF at actual size (100%, not “fit to page”). The JPG is the same page as a picture.
          </Typography>
          <Stack spacing={1.5}>
            {products.map((p) => (
              <Stack key={p} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Typography sx={{ flex: '1 1 9rem', fontWeight: 500 }}>{LABEL_PRODUCT_NAMES[p]}</Typography>
                {(['pdf', 'jpg'] as const).map((format) => {
                  const url = urlOf(p, format);
                  // While an offset is not a number the link is off: the server would refuse it.
                  return (
                    <Button
                      key={format}
                      variant={format === 'pdf' ? 'contained' : 'outlined'}
                      size="small"
                      startIcon={format === 'pdf' ? <PictureAsPdf /> : <ImageIcon />}
                      href={url ?? ''}
                      disabled={!url}
                      target="_blank"
                      rel="noopener"
                      data-testid={`label-${p}-${format}`}
                      aria-label={`${LABEL_PRODUCT_NAMES[p]} ${format.toUpperCase()}`}
                    >
                      {format.toUpperCase()}
                    </Button>
                  );
                })}
              </Stack>
            ))}
          </Stack>
        </Section>
      </Stack>
      <Section title="Preview">
        <LabelPreview urlOf={(p) => urlOf(p)} products={products} product={product} onProduct={setProduct} />
      </Section>
    </Box>
  );
}
