import { CheckCircleOutlined } from '@mui/icons-material';
import { Box, Button, CircularProgress, Divider, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { copiesCount } from '../../../../common/order-pricing.ts';
import type { VideoRef } from '../../api/index.ts';
import { CreatorFrame } from '../creator/index.ts';
import { useBurnTools, type BurnTools } from '../burn/useBurnTools.ts';
import { dvdPromptPath, type VideoDetails } from '../details/index.ts';
import { BURN_SYSTEMS, burnSupport, type BurnSupport } from '../burn/index.ts';
import { FinalizeGate, FinalizeProgress, StockEulaAgreement, useFinalizeSubmit } from '../finalize/index.ts';
import { VideoRefGate } from '../slides/index.ts';
import { finalizeAndOrder, useOrderOptions, type OrderProduct, type Quantities } from './api.ts';
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

function OrderLoader({ video, link }: { video: VideoRef; link: boolean }) {
  // Copies are ordered by staff, who name the video by its id; a family link finalizes without them.
  const offers = useOrderOptions(link ? null : { videoId: Number(video) });
  const needs = { loading: !link && !offers.options, error: offers.error, retry: offers.reload };
  return (
    <FinalizeGate video={video} link={link} needs={needs}>
      {(details, eulaRequired) => <OrderForm video={details} products={offers.options?.products ?? []} eulaRequired={eulaRequired} />}
    </FinalizeGate>
  );
}

const LATER = "After finalizing, the DVD can be downloaded to burn with this computer's own disc burning, or burned later from the video's details page (Burn DVD).";

/**
 * What stands in the way of burning on this computer: the system, then the extension and the helper as detection
 * finds them (the burn window itself reports the burner and the disc).
 */
function burnWarnings(support: BurnSupport, detection: BurnTools['detection']): string[] {
  if (support.kind === 'upgrade') return [`${support.message} ${LATER}`];
  if (support.kind === 'unsupported') return [`This computer cannot burn DVDs: the burning tool needs ${BURN_SYSTEMS}. ${LATER}`];
  if (detection.kind === 'absent') return [`The DVD burning extension is not installed in this browser, so the DVD will not burn by itself. ${LATER}`];
  if (detection.kind !== 'found') return [];
  const r = detection.readiness;
  switch (r.kind) {
    case 'no_helper':
      return [`The DVD burning tool is not installed on this computer, so the DVD will not burn by itself. ${LATER}`];
    case 'old_extension':
      return [`The DVD burning extension is out of date (version ${r.version}; ${r.min} or later is needed), so the DVD will not burn by itself. ${LATER}`];
    case 'update':
      return [`The DVD burning tool on this computer is out of date (version ${r.native}): the burn window will update it first.`];
    case 'ready':
      return [];
  }
}

function OrderForm({ video, products, eulaRequired }: { video: VideoDetails; products: OrderProduct[]; eulaRequired: boolean }) {
  const [quantities, setQuantities] = useState<Quantities>({});
  const [autoBurn, setAutoBurn] = useState(true);
  const [accepted, setAccepted] = useState(false);
  const support = burnSupport(navigator.userAgent);
  const compatible = support.kind === 'ok';
  const tools = useBurnTools(compatible);
  const { saving, message, submit } = useFinalizeSubmit(video, async () => {
    const reply = await finalizeAndOrder(video.videoCode, eulaRequired && accepted, quantities, autoBurn);
    if (!reply.redirect || !autoBurn) return reply;
    // Finalized with auto-burn ticked: the burn window opens and finalizes the DVD image, polling until it is made.
    const opened = compatible && (await tools.openWindow(video.id, true).then((r) => r.opened, () => false));
    // Where it cannot burn by itself, the details page's DVD download prompt offers the disc image instead.
    return opened ? reply : { ...reply, redirect: dvdPromptPath(video.id) };
  });
  const copies = copiesCount(pricedLines(products, quantities));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1, overflowWrap: 'anywhere' }}>
            {video.title || 'Untitled video'}
          </Typography>
          <Typography color="text.secondary">
            Finalizing makes the finished HD video, the web video for sharing and the DVD image. It takes a few minutes, and
            the video details page shows the progress. Copies ordered here are made once the video is finished.
          </Typography>
        </Box>
        <Box component="section" aria-labelledby="order-copies-title">
          <Typography id="order-copies-title" variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
            Order copies
          </Typography>
          <ProductPicker products={products} quantities={quantities} onChange={setQuantities} disabled={saving} />
        </Box>
        <Divider />
        <BurnToDvdBlock checked={autoBurn} onChange={setAutoBurn} warnings={burnWarnings(support, tools.detection)} disabled={saving} />
        {eulaRequired && <StockEulaAgreement accepted={accepted} onChange={setAccepted} disabled={saving} />}
        <Box>
          <Button
            variant="contained"
            size="large"
            onClick={submit}
            disabled={saving || (eulaRequired && !accepted)}
            startIcon={saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : <CheckCircleOutlined />}
          >
            {copies > 0 ? 'Finalize and Order' : 'Finalize'}
          </Button>
        </Box>
        <FinalizeProgress saving={saving} message={message} />
      </Stack>
    </Paper>
  );
}
