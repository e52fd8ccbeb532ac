import { KeyboardOutlined } from '@mui/icons-material';
import { Box, Button, CircularProgress, IconButton, Tooltip } from '@mui/material';
import { useState, type KeyboardEvent } from 'react';
import type { Slide, SlideListMeta, VideoRef } from '../../../api/index.ts';
import { commandForKey, COMMANDS, type SlideActions } from '../commands.ts';
import { CaptionDialog } from '../editor/CaptionDialog.tsx';
import type { EditorDialog } from '../editor/dialogs.ts';
import { EditorTool } from '../editor/EditorTool.tsx';
import type { Tool } from '../editor/paths.ts';
import { PhotoDrawer } from '../editor/PhotoDrawer.tsx';
import { ReplaceDialog } from '../editor/ReplaceDialog.tsx';
import { slideTimeLabel } from '../editor/slide-time.ts';
import { SlideTimeDialog } from '../editor/SlideTimeDialog.tsx';
import { TrimDialog } from '../editor/TrimDialog.tsx';
import { TextDrawer } from '../editor/TextDrawer.tsx';
import { useTextEdits } from '../editor/useTextEdits.ts';
import { VideoDrawer } from '../editor/VideoDrawer.tsx';
import { VolumeDialog } from '../editor/VolumeDialog.tsx';
import type { SlideEdits } from '../editor/useSlideEdits.ts';
import { PreviewDialog } from '../../preview/index.ts';
import { currentChoice, type ChooserType } from '../look/chooser.ts';
import { DrawerChoosers } from '../look/DrawerChoosers.tsx';
import { SlidesChooserDialog } from '../look/SlidesChooserDialog.tsx';
import { ignoredKey, viewKey } from '../keys.ts';
import { isPhoto } from '../order.ts';
import { TOOLTIP_ENTER_DELAY, TOOLTIP_LEAVE_DELAY } from '../ToolButton.tsx';
import { InspectDialog, ShortcutsDialog } from './InfoDialogs.tsx';
import { SlideFrame } from './SlideFrame.tsx';
import { SlideStage } from './SlideStage.tsx';

/** How the slide dialog moves: to another slide (same tool or none), into a tool, or closed. */
export interface SlideViewNavigation {
  /** Another slide, replacing this address. */
  show(id: number, tool?: Tool | null): void;
  openTool(tool: Tool): void;
  closeTool(): void;
  close(): void;
}

interface Props {
  videoRef: VideoRef;
  slide: Slide;
  slides: Slide[];
  coverId: number | null;
  meta: SlideListMeta;
  busy: ReadonlySet<number>;
  pendingRotation: number;
  actions: SlideActions;
  edits: SlideEdits;
  tool: Tool | null;
  go: SlideViewNavigation;
}

const PHOTO_CHOOSERS: readonly ChooserType[] = ['transition', 'effect', 'overlay', 'border'];
const TRANSITION_ONLY: readonly ChooserType[] = ['transition'];

/** Whether the focus is in a field taking text (read as Done mounts, to leave that focus where it is). */
const typingInField = () => {
  const active = document.activeElement as HTMLElement | null;
  return active !== null && (['INPUT', 'TEXTAREA', 'SELECT'].includes(active.tagName) || active.isContentEditable);
};

/** /slides/{id} (spec 2 "Full-screen slide dialogs"): the slide large, its drawer, its neighbours a key away, its tools. */
export function SlideView({ videoRef, slide, slides, coverId, meta, busy, pendingRotation, actions, edits, tool, go }: Props) {
  const [dialog, setDialog] = useState<EditorDialog | null>(null);
  const index = slides.findIndex((s) => s.id === slide.id);
  const previous = index > 0 ? slides[index - 1] : undefined;
  const next = index < slides.length - 1 ? slides[index + 1] : undefined;
  const isBusy = busy.has(slide.id);
  const working = isBusy || pendingRotation !== 0;
  const isCover = slide.id === coverId;
  const ctx = { targets: [slide], busy };
  // A text slide's fields are edited in the drawer and shown on the stage as typed.
  const text = useTextEdits(slide, edits, isBusy);
  const shown = slide.isText ? { ...slide, slideCaption: text.draft.caption, fontSize: text.sizeError ? slide.fontSize : Number(text.draft.fontSize), slideBackground: text.draft.background } : slide;

  const remove = () => {
    if (!COMMANDS.delete.enabled(ctx)) return;
    COMMANDS.delete.perform(ctx, actions);
    const other = next?.id ?? previous?.id;
    if (other === undefined) go.close();
    else go.show(other);
  };

  if (tool) {
    return (
      <EditorTool
        key={`${tool}:${slide.id}`}
        tool={tool}
        videoRef={videoRef}
        slide={slide}
        slides={slides}
        isCover={isCover}
        coverRatio={meta.coverPhotoRatio}
        working={working}
        edits={edits}
        onClose={go.closeTool}
        onGo={(id) => go.show(id, tool)}
      />
    );
  }

  const onKeyDown = (event: KeyboardEvent) => {
    // Keys typed in the small dialogs and choosers bubble here through React's tree, though not through the page's.
    if (dialog || ignoredKey(event.nativeEvent) || !event.currentTarget.contains(event.target as Node)) return;
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
        go.close();
      }
      return;
    }
    event.preventDefault();
    if (key === 'next' && next) go.show(next.id);
    else if (key === 'previous' && previous) go.show(previous.id);
    else if (key === 'shortcuts') setDialog('shortcuts');
    else if (key === 'crop' && isPhoto(slide)) go.openTool('crop');
    else if (key === 'caption' && !slide.isText) setDialog('caption');
  };

  // Each chooser button opens the chooser for this one slide (spec 2 "Photo editor drawer", text and video drawers).
  const choosers = (
    <DrawerChoosers
      kinds={isPhoto(slide) ? PHOTO_CHOOSERS : TRANSITION_ONLY}
      meta={meta}
      current={(type) => currentChoice(slide, type)}
      dialog={(type, close) => (
        <SlidesChooserDialog
          type={type}
          videoRef={videoRef}
          meta={meta}
          slides={[slide]}
          coverId={coverId}
          onClose={close}
          onSaved={edits.replaceLocal}
          onTextSlides={(ids, id) => edits.chooseForText(ids, type, id)}
        />
      )}
    />
  );

  const drawer = isPhoto(slide) ? (
    <PhotoDrawer
      slide={slide}
      isCover={isCover}
      busy={isBusy}
      actions={actions}
      choosers={choosers}
      onTool={go.openTool}
      onDialog={setDialog}
      onDelete={remove}
      onRevert={() => void edits.revert(slide.id)}
    />
  ) : slide.isVideo ? (
    <VideoDrawer slide={slide} busy={isBusy} actions={actions} choosers={choosers} onDialog={setDialog} onDelete={remove} />
  ) : (
    <TextDrawer
      videoRef={videoRef}
      meta={meta}
      titleId="slide-view-title"
      draft={text.draft}
      sizeError={text.sizeError}
      onChange={text.change}
      canDelete={COMMANDS.delete.enabled(ctx)}
      onDelete={remove}
      onPreview={() => setDialog('preview')}
      slideTime={{ label: slideTimeLabel(slide.slideTime, slide.userSetSlideTime), disabled: isCover, onOpen: () => setDialog('slideTime') }}
      choosers={choosers}
    />
  );

  return (
    <>
      <SlideFrame
        labelledBy="slide-view-title"
        onClose={go.close}
        onKeyDown={onKeyDown}
        image={
          <SlideStage
            slide={shown}
            index={index}
            total={slides.length}
            pendingRotation={pendingRotation}
            onPrevious={previous ? () => go.show(previous.id) : null}
            onNext={next ? () => go.show(next.id) : null}
            onInspect={() => setDialog('inspect')}
          />
        }
        drawer={drawer}
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
              // Done takes the focus when it appears (the dialog opens, a save's spinner gives way to it), so the keys
              // reach the dialog, but never from a field being typed in: the next space would press Done.
              <Button variant="contained" onClick={go.close} autoFocus={!typingInField()}>
                Done
              </Button>
            )}
          </Box>
        }
      />
      {dialog === 'inspect' && <InspectDialog slide={slide} index={index} total={slides.length} onClose={() => setDialog(null)} />}
      {dialog === 'shortcuts' && <ShortcutsDialog onClose={() => setDialog(null)} />}
      {dialog === 'caption' && <CaptionDialog slide={slide} edits={edits} onClose={() => setDialog(null)} />}
      {dialog === 'slideTime' && <SlideTimeDialog value={slide} disabled={isCover} onSave={(time) => void edits.save(slide.id, time)} onClose={() => setDialog(null)} />}
      {dialog === 'download' && <ReplaceDialog slide={slide} edits={edits} onClose={() => setDialog(null)} />}
      {dialog === 'volume' && <VolumeDialog slide={slide} edits={edits} onClose={() => setDialog(null)} />}
      {dialog === 'trim' && <TrimDialog slide={slide} edits={edits} onClose={() => setDialog(null)} />}
      {/* Spec 3 partial_preview node_id: from this slide, or from the opening for the cover photo ('intro'). */}
      {dialog === 'preview' && <PreviewDialog open video={videoRef} node={isCover ? 'intro' : slide.id} onClose={() => setDialog(null)} />}
    </>
  );
}
