import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { INTRO_MISSING_MESSAGE } from '../../../../common/custom-theme.ts';
import { editorPath, FRAME_EXTRA_HEIGHT, isEditorMessage } from './editor-messages.ts';

interface Props {
  customThemeId: number;
  videoId: number;
  themeId: number;
  /** Closing with Done: the custom theme is ready to use. */
  onDone(): void;
}

/** The custom theme editor page in a frame that grows with it; Done is refused while the intro lacks its scene. */
export function CustomThemeDialog({ customThemeId, videoId, themeId, onDone }: Props) {
  const frame = useRef<HTMLIFrameElement>(null);
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [height, setHeight] = useState(480);
  const [introMissing, setIntroMissing] = useState(false);
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    const receive = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow || !isEditorMessage(event.data)) return;
      setHeight(event.data.height + FRAME_EXTRA_HEIGHT);
      setIntroMissing(event.data.introMissing);
      if (!event.data.introMissing) setRefused(false);
    };
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, []);

  const close = () => {
    if (introMissing) {
      setRefused(true);
      return;
    }
    onDone();
  };

  return (
    <Dialog open onClose={close} fullScreen={small} fullWidth maxWidth="md" aria-labelledby="custom-theme-title">
      <DialogTitle id="custom-theme-title">Custom Theme</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <Box
          component="iframe"
          ref={frame}
          title="Custom theme editor"
          src={editorPath(customThemeId, videoId, themeId)}
          sx={{ display: 'block', width: '100%', height, border: 0 }}
        />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {refused && (
          <Alert severity="error" sx={{ flex: '1 1 280px', py: 0 }}>
            {INTRO_MISSING_MESSAGE}
          </Alert>
        )}
        <Button variant="contained" onClick={close}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
