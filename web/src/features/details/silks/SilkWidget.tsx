import { ExpandMore, LiveTv } from '@mui/icons-material';
import { Box, ButtonBase, CircularProgress, Collapse, LinearProgress, Paper, Switch, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { mutate } from 'swr';
import { videoKey } from '../api.ts';
import { toggleSilk, useSilks, type Silk } from './api.ts';
import { silkLayout, silkPollMs, silkStatusText, sortSilks } from './silk-rules.ts';

const when = (iso: string | null): string => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' }) : 'never');

/** Admin-only information (the device id): dashed amber frame, monospace, so staff screenshots never show it as theirs. */
const ADMIN_ONLY_SX = { fontFamily: 'monospace', fontSize: '0.8rem', color: 'text.secondary', border: 1, borderStyle: 'dashed', borderColor: 'warning.main', borderRadius: 1, px: 0.5 } as const;

function SilkRow({ silk, admin, onToggle }: { silk: Silk; admin: boolean; onToggle: (state: boolean) => void }) {
  const labelId = useId();
  const text = silkStatusText(silk);
  const downloading = silk.checked && !silk.pending && silk.status.description === 'Downloading';
  return (
    <Box component="li" data-testid="silk-row" data-device-id={silk.deviceId} sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', alignItems: 'center', columnGap: 1, py: 0.75, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <Switch
        checked={silk.checked}
        disabled={silk.pending}
        onChange={(event) => onToggle(event.target.checked)}
        slotProps={{ input: { 'aria-labelledby': labelId } }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
          <Typography id={labelId} component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {silk.label}
          </Typography>
          {admin && (
            <Box component="span" sx={ADMIN_ONLY_SX} title="Device id (super users only)">
              #{silk.deviceId}
            </Box>
          )}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5 }}>
          <Typography component="span" variant="body2" data-testid="silk-status" aria-live="polite" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
            {silk.pending && <CircularProgress size={12} aria-hidden />}
            {text}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary" title={`Last update: ${when(silk.status.lastUpdate)}`} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: silk.status.connected ? 'success.main' : 'grey.500' }} />
            {silk.status.connected ? 'Online' : 'Offline'}
          </Typography>
        </Box>
        {downloading && <LinearProgress variant="determinate" value={silk.status.percent ?? 0} aria-label={`${silk.label} download`} sx={{ mt: 0.5, maxWidth: 320 }} />}
      </Box>
    </Box>
  );
}

/**
 * Spec 1 section 2.13 (mount point silk_widget): the organization's Direct Delivery devices, each with a switch
 * that sends this video to it and what the device last reported. Nothing with no devices; the list itself with
 * one; a collapsible 'Direct Delivery' header with more. Polled every 2 s only while seen and no toggle is on its
 * way; a toggle marks the device pending, posts, then re-checks the list.
 */
export function SilkWidget({ videoId, admin }: { videoId: number; admin: boolean }) {
  const [expanded, setExpanded] = useState(false);
  // Devices whose toggle is on its way, with the state asked for.
  const [pending, setPending] = useState<Record<number, boolean>>({});
  const toggling = Object.keys(pending).length > 0;
  const { silks, recheck } = useSilks(videoId, (latest) => silkPollMs(latest?.length ?? 0, expanded, toggling));
  const listId = useId();
  const layout = silkLayout(silks?.length ?? 0);
  if (!silks || layout === 'none') return null;

  const toggle = async (silk: Silk, state: boolean) => {
    setPending((previous) => ({ ...previous, [silk.id]: state }));
    try {
      await toggleSilk(videoId, silk.deviceId, state);
    } catch {
      // The alert has said why; the re-check below shows the device as it is.
    }
    await recheck();
    setPending(({ [silk.id]: _done, ...rest }) => rest);
    // The video card's Direct Delivery row names the devices the video is sent to.
    void mutate(videoKey(videoId));
  };

  const shown = sortSilks(silks).map((silk) => (silk.id in pending ? { ...silk, checked: pending[silk.id], pending: true } : silk));
  const list = (
    <Box component="ul" id={listId} sx={{ listStyle: 'none', m: 0, p: 0, px: 1.5, pb: 0.5 }}>
      {shown.map((silk) => (
        <SilkRow key={silk.id} silk={silk} admin={admin} onToggle={(state) => void toggle(silk, state)} />
      ))}
    </Box>
  );
  return (
    <Paper variant="outlined" component="section" aria-label="Direct Delivery" data-testid="silk-widget" sx={{ flexBasis: '100%', minWidth: 0 }}>
      {layout === 'collapsible' ? (
        <>
          <ButtonBase
            onClick={() => setExpanded((open) => !open)}
            aria-expanded={expanded}
            aria-controls={listId}
            sx={{ width: '100%', justifyContent: 'flex-start', gap: 1, px: 1.5, py: 1.25, borderRadius: 1, '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}
          >
            <LiveTv fontSize="small" aria-hidden />
            <Typography component="span" sx={{ fontWeight: 600, flex: 1, textAlign: 'left' }}>
              Direct Delivery
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              {silks.filter((silk) => silk.checked).length} of {silks.length} on
            </Typography>
            <ExpandMore aria-hidden sx={{ transition: 'transform 150ms', transform: expanded ? 'rotate(180deg)' : 'none' }} />
          </ButtonBase>
          <Collapse in={expanded}>
            {list}
          </Collapse>
        </>
      ) : (
        list
      )}
    </Paper>
  );
}
