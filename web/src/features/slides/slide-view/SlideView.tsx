import { KeyboardOutlined } from '@mui/icons-material';
import { Box, Button, CircularProgress, IconButton, Tooltip } from '@mui/material';
import { useState, type KeyboardEvent } from 'react';
import type { Slide } from '../../../api/index.ts';
import { commandForKey, COMMANDS, type SlideActions } from '../commands.ts';
import { ignoredKey, viewKey } from '../keys.ts';
import { TOOLTIP_ENTER_DELAY, TOOLTIP_LEAVE_DELAY } from '../ToolButton.tsx';
import { InspectDialog, ShortcutsDialog } from './InfoDialogs.tsx';
import { SlideDrawer } from './SlideDrawer.tsx';
import { SlideFrame } from './SlideFrame.tsx';
import { SlideStage } from './SlideStage.tsx';

interface Props {
  slide: Slide;
  slides: Slide[];
  coverId: number | null;
  busy: ReadonlySet<number>;
  pendingRotation: number;
  actions: SlideActions;
  /** Shows another slide, or closes the view with null. */
  onNavigate(id: number | null): void;
}

/** /slides/{id} (spec 2 "Full-screen slide dialogs"): the slide large, its neighbours a key away, a few tools. */
export function SlideView({ slide, slides, coverId, busy, pendingRotation, actions, onNavigate }: Props) {
  const [dialog, setDialog] = useState<'inspect' | 'shortcuts' | null>(null);
  const index = slides.findIndex((s) => s.id === slide.id);
  const previous = index > 0 ? slides[index - 1] : undefined;
  const next = index < slides.length - 1 ? slides[index + 1] : undefined;
  const isBusy = busy.has(slide.id);
  const working = isBusy || pendingRotation !== 0;
  const ctx = { targets: [slide], busy };
  const close = () => onNavigate(null);

  const remove = () => {
    if (!COMMANDS.delete.enabled(ctx)) return;
    COMMANDS.delete.perform(ctx, actions);
    onNavigate(next?.id ?? previous?.id ?? null);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Keys typed in the details or shortcuts dialogs bubble here through React's tree.
    if (dialog || ignoredKey(event.nativeEvent)) return;
    const command = commandForKey(event);
    if (command) {
      event.preventDefault();
      if (command.name === 'delete') remove();
      else command.perform(ctx, actions);
      return;
    }
    const key = viewKey(event.key);
    if (!key || key === 'close') {
      // Escape is the dialog's own close; Space closes too.
      if (event.key === ' ') {
        event.preventDefault();
        close();
      }
      return;
    }
    event.preventDefault();
    if (key === 'next' && next) onNavigate(next.id);
    else if (key === 'previous' && previous) onNavigate(previous.id);
    else if (key === 'shortcuts') setDialog('shortcuts');
  };

  return (
    <>
      <SlideFrame
        labelledBy="slide-view-title"
        onClose={close}
        onKeyDown={onKeyDown}
        image={
          <SlideStage
            slide={slide}
            index={index}
            total={slides.length}
            pendingRotation={pendingRotation}
            onPrevious={previous ? () => onNavigate(previous.id) : null}
            onNext={next ? () => onNavigate(next.id) : null}
            onInspect={() => setDialog('inspect')}
          />
        }
        drawer={<SlideDrawer slide={slide} cover={slide.id === coverId} busy={isBusy} actions={actions} onDelete={remove} />}
        actions={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%' }}>
            <Tooltip title="Keyboard Shortcuts" enterDelay={TOOLTIP_ENTER_DELAY} leaveDelay={TOOLTIP_LEAVE_DELAY}>
              <IconButton aria-label="Keyboard Shortcuts" onClick={() => setDialog('shortcuts')}>
                <KeyboardOutlined />
              </IconButton>
            </Tooltip>
            <Box sx={{ flexGrow: 1 }} />
            {working ? (
              <CircularProgress size={28} aria-label="Saving" />
            ) : (
              <Button variant="contained" onClick={close} autoFocus>
                Done
              </Button>
            )}
          </Box>
        }
      />
      {dialog === 'inspect' && <InspectDialog slide={slide} index={index} total={slides.length} onClose={() => setDialog(null)} />}
      {dialog === 'shortcuts' && <ShortcutsDialog onClose={() => setDialog(null)} />}
    </>
  );
}
