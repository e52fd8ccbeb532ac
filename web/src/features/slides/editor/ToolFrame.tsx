import { ChevronLeft, ChevronRight } from '@mui/icons-material';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import type { KeyboardEvent, ReactNode } from 'react';
import { ignoredKey, viewKey } from '../keys.ts';
import { SlideFrame } from '../slide-view/SlideFrame.tsx';

interface Props {
  id: string;
  title: string;
  /** Shown instead of Done while the slide is busy or rotating (spec 2 "Full-screen slide dialogs"). */
  working: boolean;
  image: ReactNode;
  controls: ReactNode;
  onDone(): void;
  onPrevious?: (() => void) | null;
  onNext?: (() => void) | null;
  actionsHeight?: number;
}

/**
 * A full-screen tool over the slide dialog: its picture, its controls in the drawer, and Done. On the tool's own
 * address the arrows move to the previous and next slide (where the tool offers that) and Space closes.
 */
export function ToolFrame({ id, title, working, image, controls, onDone, onPrevious, onNext, actionsHeight }: Props) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (ignoredKey(event.nativeEvent)) return;
    const key = viewKey(event.key);
    if (key === 'close' && event.key !== 'Escape') {
      event.preventDefault();
      if (!working) onDone();
    } else if (key === 'next' && onNext) {
      event.preventDefault();
      onNext();
    } else if (key === 'previous' && onPrevious) {
      event.preventDefault();
      onPrevious();
    }
  };
  const titleId = `${id}-title`;
  return (
    <SlideFrame
      labelledBy={titleId}
      onClose={() => {
        if (!working) onDone();
      }}
      onKeyDown={onKeyDown}
      image={image}
      actionsHeight={actionsHeight}
      drawer={
        <Stack spacing={2}>
          <Typography id={titleId} variant="h2" component="h2">
            {title}
          </Typography>
          {controls}
        </Stack>
      }
      actions={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%', flexWrap: 'wrap' }}>
          {onPrevious !== undefined && (
            <Button startIcon={<ChevronLeft />} disabled={!onPrevious} onClick={() => onPrevious?.()}>
              Previous Slide
            </Button>
          )}
          {onNext !== undefined && (
            <Button endIcon={<ChevronRight />} disabled={!onNext} onClick={() => onNext?.()}>
              Next Slide
            </Button>
          )}
          <Box sx={{ flexGrow: 1 }} />
          {working ? (
            <CircularProgress size={28} aria-label="Saving" />
          ) : (
            <Button variant="contained" onClick={onDone}>
              Done
            </Button>
          )}
        </Box>
      }
    />
  );
}
