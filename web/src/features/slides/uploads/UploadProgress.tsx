import { Box, CircularProgress, LinearProgress, Paper, Portal, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { pinnedAt } from './pinning.ts';
import type { UploadSummary } from './types.ts';

/** Height of the page's sticky or fixed top bar, which the pinned progress bar sits below; it changes with the width. */
function useHeaderHeight(): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const header = document.querySelector('header');
    if (!header || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const position = getComputedStyle(header).position;
      setHeight(position === 'sticky' || position === 'fixed' ? header.offsetHeight : 0);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}

function Bar({ summary, showAnalysis }: { summary: UploadSummary; showAnalysis: boolean }) {
  const analysis = showAnalysis ? summary.analysis : null;
  return (
    <Stack spacing={0.75}>
      {summary.label !== null && (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }} data-testid="upload-label">
            {summary.label}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.round(summary.progress * 100)}
            aria-label={summary.label}
            sx={{ height: 8, borderRadius: 4 }}
          />
        </>
      )}
      {analysis && (
        // The third bar (super users, spec 2): processed photos waiting for their analysis.
        <Stack spacing={0.5} data-testid="upload-analysis">
          {analysis.label !== null && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {analysis.label}
            </Typography>
          )}
          <LinearProgress
            variant="determinate"
            color="secondary"
            value={Math.round(analysis.progress * 100)}
            aria-label={analysis.label ?? 'Analysis finished'}
            sx={{ height: 4, borderRadius: 2 }}
          />
        </Stack>
      )}
      {summary.loadingLabel !== null && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CircularProgress size={14} aria-hidden />
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="upload-loading">
            {summary.loadingLabel}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * Spec 2, upload progress: the inline progress bar of the alert stack (with the analysis as a third bar for super
 * users), and a copy fixed below the top bar while the inline one is scrolled out of view. Nothing shows when no files
 * are on their way.
 */
export function UploadProgress({ summary, showAnalysis = false }: { summary: UploadSummary; showAnalysis?: boolean }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [pinned, setPinned] = useState<number | null>(null);
  const visible = summary.label !== null || summary.loadingLabel !== null;
  const top = useHeaderHeight();

  useEffect(() => {
    const element = anchor.current;
    if (!visible || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => setPinned(pinnedAt(entries, top)),
      { rootMargin: `-${top}px 0px 0px 0px` },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      setPinned(null);
    };
  }, [visible, top]);

  if (!visible) return null;
  return (
    <>
      <Paper ref={anchor} variant="outlined" sx={{ px: 2, py: 1.5 }} data-testid="upload-progress">
        <Bar summary={summary} showAnalysis={showAnalysis} />
      </Paper>
      {pinned !== null && (
        // In a portal, so that no transformed ancestor of the page turns 'fixed' into 'fixed to me'.
        <Portal>
          {/* A visual copy for sighted users who scrolled away; the inline bar stays the one assistive technology reads. */}
          <Paper
            square
            elevation={3}
            aria-hidden
            data-testid="upload-progress-fixed"
            sx={{ position: 'fixed', top: pinned, left: 0, right: 0, zIndex: (t) => t.zIndex.appBar - 1, px: { xs: 2, sm: 3 }, py: 1 }}
          >
            <Box sx={{ maxWidth: 1000, mx: 'auto' }}>
              <Bar summary={summary} showAnalysis={showAnalysis} />
            </Box>
          </Paper>
        </Portal>
      )}
    </>
  );
}
