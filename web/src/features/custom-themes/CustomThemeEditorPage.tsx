import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { introMissing as introIsMissing } from '../../../../common/custom-theme.ts';
import { NotFoundPage } from '../../app/fallback-pages.tsx';
import type { EditorMessage } from './editor-messages.ts';
import { EditorForm } from './EditorForm.tsx';
import { IntroPreview } from './IntroPreview.tsx';
import { useCustomThemeEditor } from './useCustomThemeEditor.ts';

const idOf = (text: string | undefined): number | null => (text && /^\d+$/.test(text) ? Number(text) : null);

/** Tells the dialog around this page how tall it is and whether the intro lacks its scene. */
function useReportToFrame(root: React.RefObject<HTMLElement | null>, introMissing: boolean) {
  useEffect(() => {
    const element = root.current;
    if (!element || window.parent === window) return;
    const post = () => {
      const message: EditorMessage = { type: 'custom-theme-editor', height: Math.ceil(element.getBoundingClientRect().height), introMissing };
      window.parent.postMessage(message, window.location.origin);
    };
    post();
    const observer = new ResizeObserver(post);
    observer.observe(element);
    return () => observer.disconnect();
  }, [root, introMissing]);
}

/** /custom_themes/:customThemeId/edit/:videoId/:themeId, shown inside the theme picker's Custom Theme dialog. */
export function CustomThemeEditorPage({ params }: { params: Record<string, string | undefined> }) {
  const customThemeId = idOf(params.customThemeId);
  const videoId = idOf(params.videoId);
  if (customThemeId === null || videoId === null) return <NotFoundPage />;
  return <Editor customThemeId={customThemeId} videoId={videoId} />;
}

function Editor({ customThemeId, videoId }: { customThemeId: number; videoId: number }) {
  const root = useRef<HTMLElement>(null);
  const { reply, loadError, saving, change, upload } = useCustomThemeEditor(customThemeId);
  const theme = reply?.customTheme;
  const missing = theme ? introIsMissing({ baseThemeId: theme.themeId, introEnabled: theme.design.introEnabled, hasIntroImage: theme.design.introImageUrl !== null }) : false;
  useReportToFrame(root, missing);

  return (
    <Box component="main" ref={root} sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'background.paper' }}>
      {loadError ? (
        <Alert severity="error">{loadError}</Alert>
      ) : !reply || !theme ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label="Loading the custom theme" />
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' }, gap: 3, alignItems: 'start' }}>
          <Box>
            <Typography variant="h1" sx={{ fontSize: '1.4rem', mb: 2 }}>
              Edit Custom Theme
            </Typography>
            <EditorForm reply={reply} introMissing={missing} onChange={(values) => void change(values)} onUpload={upload} />
          </Box>
          <Box component="aside" aria-label="Intro preview" sx={{ position: { md: 'sticky' }, top: 16, order: { xs: -1, md: 0 } }}>
            <IntroPreview src={`${theme.previewUrl}&video_id=${videoId}`} />
            <Typography variant="caption" role="status" sx={{ display: 'block', mt: 1, color: 'text.secondary', minHeight: '1.5em' }}>
              {saving ? 'Saving…' : 'All changes saved.'}
            </Typography>
          </Box>
        </Box>
      )}
    </Box>
  );
}
