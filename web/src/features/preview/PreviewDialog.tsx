import { Close } from '@mui/icons-material';
import { Alert, Box, CircularProgress, Dialog, DialogContent, DialogTitle, IconButton, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { ServerProblem, type VideoRef } from '../../api/index.ts';
import { requestPartialPreview, type PartialPreview, type PreviewNode } from './api.ts';
import { loadHls } from './hls.ts';
import { browserCapabilities } from './capabilities.ts';
import { choosePlayback, slowWarning, unsupportedText } from './playback.ts';
import { PreviewVideo } from './PreviewVideo.tsx';

interface Props {
  open: boolean;
  video: VideoRef;
  /** Where it starts playing: the opening unless a slide's drawer asked for that slide. */
  node?: PreviewNode;
  onClose: () => void;
}

/** Spec 3 sections 2.9 and 4.11: streams a preview of the video as the server makes it. */
export function PreviewDialog({ open, video, node = 'intro', onClose }: Props) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="preview-dialog-title">
      <DialogTitle id="preview-dialog-title" sx={{ pr: 7 }}>
        Preview
      </DialogTitle>
      <IconButton aria-label="Close preview" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <Close />
      </IconButton>
      <DialogContent sx={{ pb: 3, ...(phone && { display: 'flex', flexDirection: 'column', justifyContent: 'center' }) }}>{open && <PreviewBody video={video} node={node} />}</DialogContent>
    </Dialog>
  );
}

type Reply = { preview: PartialPreview } | { error: string } | null;

function failureText(err: unknown): string {
  if (err instanceof ServerProblem) return err.message;
  return 'The preview could not be requested. Please check your connection and try again.';
}

/** Mounted while the dialog is open, so each opening asks the server afresh. */
function PreviewBody({ video, node }: { video: VideoRef; node: PreviewNode }) {
  const choice = useMemo(() => choosePlayback(browserCapabilities()), []);
  const [reply, setReply] = useState<Reply>(null);
  const type = 'unsupported' in choice ? null : choice.type;
  const engine = 'unsupported' in choice ? null : choice.engine;
  useEffect(() => {
    if (engine === 'hls.js') loadHls().catch(() => undefined);
  }, [engine]);
  useEffect(() => {
    if (!type) return;
    const controller = new AbortController();
    requestPartialPreview(video, type, controller.signal, node).then(
      (preview) => setReply({ preview }),
      (err: unknown) => !controller.signal.aborted && setReply({ error: failureText(err) }),
    );
    return () => controller.abort();
  }, [video, type, node]);

  if ('unsupported' in choice) return <Failure text={unsupportedText(choice.unsupported)} />;
  if (!reply) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, aspectRatio: '16 / 9', bgcolor: 'grey.100', borderRadius: 1 }}>
        <CircularProgress size={28} aria-label="Starting the preview" />
        <Typography color="text.secondary">Starting the preview...</Typography>
      </Box>
    );
  }
  if ('error' in reply) return <Failure text={reply.error} />;
  const warning = slowWarning(reply.preview.maxSlideSize);
  return (
    <>
      {warning && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          {warning}
        </Alert>
      )}
      <PreviewVideo video={video} preview={reply.preview} engine={choice.engine} />
    </>
  );
}

function Failure({ text }: { text: string }) {
  return (
    <Typography role="alert" color="error" sx={{ py: 2 }}>
      {text}
    </Typography>
  );
}
