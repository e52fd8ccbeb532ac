import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography, useMediaQuery } from '@mui/material';
import { useState } from 'react';
import { previewKenBurns } from '../../../api/index.ts';
import { isPhoto } from '../order.ts';
import type { Rect } from './crop-geometry.ts';
import { FrameEditor } from './FrameEditor.tsx';
import { CUSTOM_ZOOM_EFFECT, FRAME_ASPECT, FRAME_SPACER, kenBurnsReadout, kenBurnsSave, STACK_BELOW, wholeFrame } from './ken-burns.ts';
import { neighbours, type ToolProps } from './tool-props.ts';
import { ToolFrame } from './ToolFrame.tsx';

/**
 * /slides/{id}/custom_zoom (spec 2 "Custom zoom dialog"): where the slide's motion starts and ends, two frames of
 * the video's shape over the edited photo; Preview renders the motion with the engine. Saved on Done or on moving
 * to another slide.
 */
export function CustomZoomTool({ videoRef, slide, slides, working, edits, onClose, onGo }: ToolProps) {
  const saved = slide.effectId === CUSTOM_ZOOM_EFFECT ? (slide.effectData?.kenburns ?? null) : null;
  const [start, setStart] = useState<Rect | null>(saved?.[0] ?? null);
  const [end, setEnd] = useState<Rect | null>(saved?.[1] ?? null);
  const [changed, setChanged] = useState(false);
  const [preview, setPreview] = useState<{ loading: boolean; url: string | null; error: string | null } | null>(null);
  const stacked = useMediaQuery(`(max-width:${STACK_BELOW}px)`);
  const { previous, next } = neighbours(slides, slide.id, isPhoto);
  const picture = { width: slide.width ?? 16, height: slide.height ?? 9 };

  const leave = async (then: () => void) => {
    const plan = kenBurnsSave(start, end, changed, saved !== null, picture);
    if (plan.kind === 'save') await edits.kenBurns(slide.id, plan.coords);
    else if (plan.kind === 'clear') await edits.kenBurns(slide.id, null);
    then();
  };

  const runPreview = async () => {
    setPreview({ loading: true, url: null, error: null });
    const plan = kenBurnsSave(start, end, true, saved !== null, picture);
    try {
      const reply = await previewKenBurns(videoRef, slide.id, plan.kind === 'save' ? plan.coords : null);
      setPreview({ loading: false, url: reply.url, error: null });
    } catch (err) {
      setPreview({ loading: false, url: null, error: err instanceof Error ? err.message : String(err) });
    }
  };

  const frame = (title: string, value: Rect | null, set: (r: Rect | null) => void, testId: string) => (
    <Box sx={{ flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <Typography component="h3" sx={{ color: '#fff', fontWeight: 600, textAlign: 'center', pt: 0.5 }}>
        {title}
      </Typography>
      <Typography
        data-testid={`${testId}-readout`}
        aria-label={`${title}: corners, horizontal position, vertical position and scale`}
        sx={{ color: 'rgba(255,255,255,0.8)', fontFamily: 'monospace', fontSize: 12, textAlign: 'center', pb: 0.5, overflowWrap: 'anywhere' }}
      >
        {kenBurnsReadout(value ?? wholeFrame(picture), picture).join(' ')}
      </Typography>
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
        <FrameEditor
          src={slide.bigUrl}
          alt={`${title} on ${slide.origPath ?? 'photo'}`}
          value={value}
          aspect={FRAME_ASPECT}
          testId={testId}
          onChange={(r) => {
            set(r);
            setChanged(true);
          }}
        />
      </Box>
    </Box>
  );

  return (
    <>
      <ToolFrame
        id="custom-zoom-tool"
        title="Customize Zoom"
        working={working}
        onDone={() => void leave(onClose)}
        onPrevious={previous ? () => void leave(() => onGo(previous.id)) : null}
        onNext={next ? () => void leave(() => onGo(next.id)) : null}
        image={
          <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: stacked ? 'column' : 'row', gap: `${FRAME_SPACER}px`, p: 1 }}>
            {frame('Starting Position', start, setStart, 'zoom-start')}
            {frame('Ending Position', end, setEnd, 'zoom-end')}
          </Box>
        }
        controls={
          <Stack spacing={1.5}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Drag a frame on each picture: the slide moves from the starting frame to the ending one. A click outside a frame removes it.
            </Typography>
            <Button variant="outlined" disabled={preview?.loading || (!start && !end && saved === null)} onClick={() => void runPreview()}>
              Preview
            </Button>
            <Button
              variant="outlined"
              disabled={!start && !end}
              onClick={() => {
                setStart(null);
                setEnd(null);
                setChanged(true);
              }}
            >
              Remove custom zoom
            </Button>
          </Stack>
        }
      />
      {preview && (
        <Dialog open onClose={() => setPreview(null)} aria-labelledby="zoom-preview-title" maxWidth="md" fullWidth>
          <DialogTitle id="zoom-preview-title">Preview</DialogTitle>
          <DialogContent>
            {preview.loading && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4, justifyContent: 'center' }}>
                <CircularProgress aria-label="Making the preview" />
                <Typography>Making the preview...</Typography>
              </Box>
            )}
            {preview.error && <Typography color="error">{preview.error}</Typography>}
            {preview.url && <Box component="video" data-testid="zoom-preview" src={preview.url} autoPlay loop muted controls playsInline sx={{ width: '100%', aspectRatio: '16 / 9', bgcolor: '#000' }} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setPreview(null)}>Close</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
