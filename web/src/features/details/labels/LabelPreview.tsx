import { Alert, Box, CircularProgress, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useEffect, useState } from 'react';
import { LABEL_PRODUCT_NAMES, type LabelProduct } from '../../../../../common/label-settings.ts';

/** Typing an offset changes the address on every key: the picture follows once the typing pauses. */
const SETTLE_MS = 400;

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return settled;
}

/** The chosen product drawn as its JPG, the same layout the PDF prints; a spinner while the next one is drawn. */
export function LabelPreview({ urlOf, products, product, onProduct }: { urlOf: (product: LabelProduct) => string | null; products: readonly LabelProduct[]; product: LabelProduct; onProduct: (product: LabelProduct) => void }) {
  const wanted = useSettled(urlOf(product) ?? '');
  const [shown, setShown] = useState<{ url: string; failed: boolean } | null>(null);
  const loading = wanted !== '' && shown?.url !== wanted;
  return (
    <Box>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={product}
        onChange={(_event, next: LabelProduct | null) => next && onProduct(next)}
        aria-label="Preview of"
        fullWidth
        sx={{ mb: 2, maxWidth: 520 }}
      >
        {products.map((p) => (
          <ToggleButton key={p} value={p} sx={{ lineHeight: 1.25, px: 1 }}>
            {LABEL_PRODUCT_NAMES[p]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {!wanted ? (
        <Alert severity="warning">Correct the fine-tune position to see the preview.</Alert>
      ) : (
        <Box sx={{ position: 'relative', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'grey.100', p: { xs: 1, sm: 2 }, minHeight: 240, display: 'flex', justifyContent: 'center' }}>
          <Box
            component="img"
            src={wanted}
            alt={`Preview of the ${LABEL_PRODUCT_NAMES[product]}`}
            data-testid="label-preview"
            onLoad={() => setShown({ url: wanted, failed: false })}
            onError={() => setShown({ url: wanted, failed: true })}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: 640, height: 'auto', boxShadow: 2, bgcolor: 'common.white', opacity: loading ? 0.5 : 1, transition: 'opacity 150ms' }}
          />
          {loading && <CircularProgress aria-label="Drawing the preview" sx={{ position: 'absolute', top: '45%', left: 'calc(50% - 20px)' }} />}
          {shown?.url === wanted && shown.failed && (
            <Alert severity="error" sx={{ position: 'absolute', left: 16, right: 16, top: 16 }}>
              The preview could not be drawn. Try again in a moment.
            </Alert>
          )}
        </Box>
      )}
    </Box>
  );
}
