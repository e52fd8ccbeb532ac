import { CheckCircleOutlined } from '@mui/icons-material';
import { Alert, Box, Button, CircularProgress, Divider, Paper, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { useLocation } from 'wouter';
import { useMe, type VideoRef } from '../../api/index.ts';
import { copiesCount } from '../../../../common/order-pricing.ts';
import { CreatorFrame } from '../creator/index.ts';
import { BURN_COMPATIBILITY_NOTE, burnBrowser, useVideoDetails, type VideoDetails } from '../details/index.ts';
import { isAppPath, licenceRequired, StockEulaAgreement, usesStockMusic } from '../finalize/index.ts';
import { VideoRefGate } from '../slides/index.ts';
import { finalizeAndOrder, useOrderOptions, type Quantities } from './api.ts';
import { BurnToDvdBlock } from './BurnToDvdBlock.tsx';
import { pricedLines, ProductPicker } from './ProductPicker.tsx';

/** /creator/:videoAuthOrId/order: the Finalize step of organizations whose branding is shown (spec 1 section 2.1). */
export function OrderPage({ params }: { params: Record<string, string | undefined> }) {
  return (
    <CreatorFrame videoAuthOrId={params.videoAuthOrId}>
      <VideoRefGate param={params.videoAuthOrId}>{(ref, link) => <OrderLoader key={String(ref)} video={ref} link={link} />}</VideoRefGate>
    </CreatorFrame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <>
      <Typography variant="h1" sx={{ mb: 2, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
        Finalize video
      </Typography>
      {children}
    </>
  );
}

function OrderLoader({ video, link }: { video: VideoRef; link: boolean }) {
  const { user } = useMe();
  const details = useVideoDetails(video);
  const checkMusic = user !== null && !link;
  const stock = useSWR(checkMusic ? ['finalize-stock-music', String(video)] : null, () => usesStockMusic(video), { revalidateOnFocus: false });
  const videoId = details.video?.id;
  const offers = useOrderOptions(videoId === undefined ? null : { videoId });
  const error = details.error ?? stock.error ?? offers.error;
  if (error) {
    const retry = () => {
      details.reload();
      void stock.mutate();
      offers.reload();
    };
    return (
      <Frame>
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={retry}>Retry</Button>}>
          {error.message}
        </Alert>
      </Frame>
    );
  }
  if (!details.video || !offers.options || offers.options.videoId !== details.video.id || (checkMusic && stock.data === undefined)) {
    return (
      <Frame>
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      </Frame>
    );
  }
  return <OrderForm video={details.video} products={offers.options.products} eulaRequired={licenceRequired(user !== null, link, stock.data ?? false)} />;
}

interface FormProps {
  video: VideoDetails;
  products: NonNullable<ReturnType<typeof useOrderOptions>['options']>['products'];
  eulaRequired: boolean;
}

function OrderForm({ video, products, eulaRequired }: FormProps) {
  const [quantities, setQuantities] = useState<Quantities>({});
  const [autoBurn, setAutoBurn] = useState(true);
  const [accepted, setAccepted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const copies = copiesCount(pricedLines(products, quantities));
  const burnWarnings =
    burnBrowser(navigator.userAgent) === null
      ? [`This computer cannot burn DVDs: the burning tool needs ${BURN_COMPATIBILITY_NOTE}. The DVD can be burned later from the video's details page on such a computer.`]
      : [];

  const submit = async () => {
    setSaving(true);
    setMessage(null);
    try {
      const reply = await finalizeAndOrder(video.videoCode, eulaRequired && accepted, quantities, autoBurn);
      if (reply.redirect) {
        if (isAppPath(reply.redirect)) navigate(reply.redirect);
        else window.location.assign(reply.redirect);
        return;
      }
      setMessage(reply.message ?? null);
    } catch {
      // The error dialog has said why; the form keeps its choices.
    }
    setSaving(false);
  };

  return (
    <Frame>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={3}>
          <Box>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1, overflowWrap: 'anywhere' }}>
              {video.title || 'Untitled video'}
            </Typography>
            <Typography color="text.secondary">
              Finalizing makes the finished HD video, the web video for sharing and the DVD image. It takes a few minutes,
              and the video details page shows the progress. Copies ordered here are made once the video is finished.
            </Typography>
          </Box>
          <Box component="section" aria-labelledby="order-copies-title">
            <Typography id="order-copies-title" variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
              Order copies
            </Typography>
            <ProductPicker products={products} quantities={quantities} onChange={setQuantities} disabled={saving} />
          </Box>
          <Divider />
          <BurnToDvdBlock checked={autoBurn} onChange={setAutoBurn} warnings={burnWarnings} disabled={saving} />
          {eulaRequired && <StockEulaAgreement accepted={accepted} onChange={setAccepted} disabled={saving} />}
          <Box>
            <Button
              variant="contained"
              size="large"
              onClick={() => void submit()}
              disabled={saving || (eulaRequired && !accepted)}
              startIcon={saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : <CheckCircleOutlined />}
            >
              {copies > 0 ? 'Finalize and Order' : 'Finalize'}
            </Button>
          </Box>
          {saving && (
            <Typography role="status" color="text.secondary">
              Finalizing...
            </Typography>
          )}
          {message && (
            <Alert severity="info" role="status">
              {message}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Frame>
  );
}
