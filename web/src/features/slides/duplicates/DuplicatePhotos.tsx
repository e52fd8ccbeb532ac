import { Close as CloseIcon, HelpOutlined, ZoomIn } from '@mui/icons-material';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { markDuplicates } from '../../../api/duplicates.ts';
import type { Slide, VideoRef } from '../../../api/index.ts';
import { duplicateAlertText, groupsSignature, initialChoice, markRequest } from './grouping.ts';
import { useDuplicates, type DuplicateState } from './useDuplicates.ts';

/** A press this long on a touch screen opens the inspector instead of toggling. */
const LONG_PRESS_MS = 500;

interface Props {
  videoRef: VideoRef;
  slides: Slide[];
  /** Reloads the slides after 'Remove Duplicates' (spec 2 section 4). */
  onChanged(): void;
}

/** Spec 2 section 2 "Duplicate alert and dialogs": the warning bar in the alert stack and its dialogs. */
export function DuplicatePhotos({ videoRef, slides, onChanged }: Props) {
  const state = useDuplicates(videoRef, slides);
  const [open, setOpen] = useState(false);
  // The choice resets whenever the groups change (slides added or deleted).
  const signature = groupsSignature(state.groups);
  const [choice, setChoice] = useState({ signature: '', keep: new Map<number, boolean>() });
  const current = choice.signature === signature ? choice.keep : initialChoice(state.groups, state.slides);
  const removals = [...current.values()].filter((kept) => !kept).length;

  if (state.fault) return <Alert severity="warning">{state.fault}</Alert>;
  if (!state.groups.length) return null;

  const toggle = (id: number) => setChoice({ signature, keep: new Map(current).set(id, !current.get(id)) });
  const remove = async () => {
    const { remove: ids, keep } = markRequest(current);
    await markDuplicates(videoRef, ids, keep);
    setOpen(false);
    onChanged();
  };

  return (
    <>
      <Alert
        severity="warning"
        data-testid="duplicate-alert"
        action={
          <Button color="inherit" size="small" onClick={() => setOpen(true)}>
            More Info
          </Button>
        }
      >
        {duplicateAlertText(removals)}
      </Alert>
      <DuplicatesDialog open={open} state={state} keep={current} onToggle={toggle} onClose={() => setOpen(false)} onRemove={() => void remove()} />
    </>
  );
}

function DuplicatesDialog(props: { open: boolean; state: DuplicateState; keep: ReadonlyMap<number, boolean>; onToggle(id: number): void; onClose(): void; onRemove(): void }) {
  const [help, setHelp] = useState(false);
  const [inspected, setInspected] = useState<string | null>(null);
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="md" fullWidth data-keep-selection>
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flexGrow: 1 }}>AI (beta) suggests removing the following duplicates:</Box>
        <IconButton aria-label="Help" onClick={() => setHelp(true)}>
          <HelpOutlined />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {props.state.groups.map((group) => (
            <Box key={group.join(',')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, pb: 2, borderBottom: 1, borderColor: 'divider' }}>
              {group.map((id) => (
                <DuplicateThumb
                  key={id}
                  url={props.state.slides.get(id)!.thumbUrl}
                  kept={props.keep.get(id) ?? true}
                  onToggle={() => props.onToggle(id)}
                  onInspect={() => setInspected(props.state.slides.get(id)!.bigUrl ?? props.state.slides.get(id)!.thumbUrl)}
                />
              ))}
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
        <Button variant="contained" onClick={props.onRemove}>
          Remove Duplicates
        </Button>
      </DialogActions>
      <Dialog open={help} onClose={() => setHelp(false)}>
        <DialogTitle>Automatic Duplicate Detection</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            Every photo you add is compared with the others. Copies of the same photo, even resized, recompressed, lightly cropped or turned, are
            gathered into groups, and one photo of each group (the largest, unless you chose) is kept.
          </Typography>
          <Typography>
            Photos with a red border and a red X will be removed; photos with a green border stay. Click or tap a photo to change that, and use the
            magnifier (or a long press) to look closer. Removed photos can be brought back with Restore Deleted.
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setHelp(false)}>Close</Button>
        </DialogActions>
      </Dialog>
      <Dialog open={inspected !== null} onClose={() => setInspected(null)} maxWidth="lg">
        {inspected && <Box component="img" src={inspected} alt="" sx={{ display: 'block', maxWidth: '90vw', maxHeight: '85vh' }} onClick={() => setInspected(null)} />}
      </Dialog>
    </Dialog>
  );
}

function DuplicateThumb({ url, kept, onToggle, onInspect }: { url: string; kept: boolean; onToggle(): void; onInspect(): void }) {
  const pressed = useRef<{ timer: number; long: boolean } | null>(null);
  return (
    <Box
      role="checkbox"
      aria-checked={kept}
      aria-label={kept ? 'Kept' : 'Marked for removal'}
      data-duplicate-state={kept ? 'keep' : 'remove'}
      onClick={() => {
        if (pressed.current?.long) return;
        onToggle();
      }}
      onTouchStart={() => {
        pressed.current = { long: false, timer: window.setTimeout(() => { if (pressed.current) pressed.current.long = true; onInspect(); }, LONG_PRESS_MS) };
      }}
      onTouchEnd={() => {
        if (pressed.current) window.clearTimeout(pressed.current.timer);
      }}
      sx={{
        position: 'relative',
        cursor: 'pointer',
        border: 4,
        borderColor: kept ? 'success.main' : 'error.main',
        borderRadius: 1,
        lineHeight: 0,
        '&:hover .duplicate-zoom': { opacity: 1 },
      }}
    >
      <Box component="img" src={url} alt="" sx={{ height: 120, display: 'block' }} />
      {!kept && <CloseIcon sx={{ position: 'absolute', top: '50%', left: '50%', transform: 'translate(-50%, -50%)', fontSize: 64, color: 'error.main' }} />}
      <IconButton
        className="duplicate-zoom"
        aria-label="Zoom"
        size="small"
        onClick={(event) => {
          event.stopPropagation();
          onInspect();
        }}
        sx={{ position: 'absolute', top: 4, right: 4, opacity: 0, bgcolor: 'rgba(255,255,255,0.8)', '@media (hover: none)': { display: 'none' } }}
      >
        <ZoomIn fontSize="small" />
      </IconButton>
    </Box>
  );
}
