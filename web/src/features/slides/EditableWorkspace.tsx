import { Box, GlobalStyles, Stack, Typography } from '@mui/material';
import { useCallback, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Redirect, useLocation } from 'wouter';
import { editorTarget, openedFrom, type EditorPaths, type Tool } from './editor/paths.ts';
import { useSlideEdits } from './editor/useSlideEdits.ts';
import type { SlideListMeta, VideoRef } from '../../api/index.ts';
import type { SlideActions } from './commands.ts';
import { GridTools } from './GridTools.tsx';
import { LookChooserTools, useSelectedSlides } from './look/LookChooserTools.tsx';
import { useLookAndStockDialogs } from './look/useLookAndStockDialogs.tsx';
import { OtherEditors, useLiveSync } from './live/index.ts';
import { coverId as findCover, isPhoto, photoFirst } from './order.ts';
import { SlideGrid } from './SlideGrid.tsx';
import { SlideTimeTool } from './SlideTimeTool.tsx';
import { SlidesToolbar } from './SlidesToolbar.tsx';
import { SlideView, type SlideViewNavigation } from './slide-view/index.ts';
import { sortSlides, type SortKind } from './sort.ts';
import { SortDialog } from './SortDialog.tsx';
import { QUICKSAND_FONT_FACE } from './TextSlideFace.tsx';
import { TextSlideDialog } from './text-slide/TextSlideDialog.tsx';
import { FileDropZone, UploadProblems, UploadProgress, useUploads } from './uploads/index.ts';
import { useGridInteraction } from './useGridInteraction.ts';
import { useGridMetrics } from './useGridViewport.ts';
import { useRotation } from './useRotation.ts';
import { useSlideActions } from './useSlideActions.ts';
import type { SlideListStore } from './useSlideList.ts';
import { NoticeAlert, ReorderErrorAlert, UndoSnackbar } from './WorkspaceNotices.tsx';
import { DuplicatePhotos } from './duplicates/DuplicatePhotos.tsx';
import { RotationIdeasAlert } from './ideas/RotationIdeas.tsx';
import { useRotationIdeas } from './ideas/useRotationIdeas.ts';

interface Props {
  videoRef: VideoRef;
  /** The URL's own reference (id or link hash) for links to the other slide pages. */
  pageRef: string;
  link: boolean;
  store: SlideListStore;
  meta: SlideListMeta;
  /** The part of the path after /slides/: a slide id, 'new_text', or nothing. */
  sub: string | undefined;
  /** The tool after the slide id (/slides/{id}/crop ...). */
  tool?: string;
  /** The addresses of the grid and the slide dialogs (creator form, or the short /slides/{id}). */
  paths: EditorPaths;
}

/** Touch screens (a coarse pointer): tools follow the tapped slide instead of the hover. */
const isTouchScreen = () => window.matchMedia?.('(pointer: coarse)').matches ?? false;

/** The editable slide workspace: toolbar, alerts, grid tools, grid, and the dialogs opened by route. */
export function EditableWorkspace({ videoRef, pageRef, link, store, meta, sub, tool, paths }: Props) {
  const [, navigate] = useLocation();
  const base = paths.grid;
  const rootRef = useRef<HTMLDivElement>(null);
  const metrics = useGridMetrics();
  const [touch] = useState(isTouchScreen);
  const [sorting, setSorting] = useState(false);
  const canEdit = meta.canEdit;
  const { slides, busy, deleting, load, inFlight } = store;

  const refresh = useCallback(() => void load(), [load]);
  const live = useLiveSync(videoRef, refresh, inFlight);
  const ideas = useRotationIdeas(videoRef, slides, meta.showIdeas, refresh);
  // The upload session waits for each processed photo's analysis (spec 2 "Upload session"); a slide the list does
  // not hold yet is still waited for, up to the session's 30 s.
  const analysis = useMemo(
    () => (meta.showIdeas ? { finished: (id: number) => ideas.results.has(id) || slides.some((s) => s.id === id && !isPhoto(s)) } : null),
    [meta.showIdeas, ideas.results, slides],
  );
  const uploads = useUploads(videoRef, { onSlidesChanged: refresh, limit: meta.uploadLinkLimit, analysis });
  const slideActions = useSlideActions(videoRef, store);
  const rotation = useRotation(videoRef, store);
  const lookAndStock = useLookAndStockDialogs({ videoRef, meta, onSlidesAdded: refresh });
  const edits = useSlideEdits(videoRef, store);

  const { remove, duplicate, enhance, saveOrder } = slideActions;
  const actions: SlideActions = useMemo(
    () => ({
      edit: (id) => navigate(paths.slide(id), { state: { editorOpened: 'dialog' } }),
      remove: (ids) => void remove(ids),
      rotate: rotation.rotate,
      duplicate: (ids) => void duplicate(ids),
      enhance: (ids, value) => void enhance(ids, value),
    }),
    [navigate, paths, remove, duplicate, enhance, rotation.rotate],
  );
  const grid = useGridInteraction({ slides, busy, canEdit, actions, saveOrder });
  const selected = useSelectedSlides(grid.context.targets, slides, busy);

  const shownIds = useMemo(() => new Set(slides.map((s) => s.id)), [slides]);
  const uploadTiles = uploads.items.filter(
    (item) => (item.state === 'loading' || item.state === 'uploading' || item.state === 'processing') && !(item.slideId && shownIds.has(item.slideId)),
  );
  const cover = findCover(slides);

  const sort = (kind: SortKind, keepFirst: boolean) => void saveOrder(photoFirst(sortSlides(slides, kind, keepFirst)).map((s) => s.id));

  // A click on the workspace that lands on no slide, tool or toolbar clears the selection; dialogs rendered
  // through portals bubble here in React but are outside this element.
  const clearOnOutsideClick = (event: MouseEvent) => {
    const target = event.target as HTMLElement;
    if (!rootRef.current?.contains(target) || target.closest('[data-keep-selection], .slide-tile')) return;
    grid.clearSelection();
  };

  const target = editorTarget(sub, tool);
  const slideId = target.kind === 'slide' ? target.id : null;
  const viewed = slideId !== null ? slides.find((s) => s.id === slideId) : undefined;
  if (slideId !== null && !viewed && !store.busy.has(slideId) && !store.deleting.has(slideId)) return <Redirect to={base} replace />;
  if (target.kind === 'invalid' || (target.kind !== 'grid' && !canEdit)) return <Redirect to={base} replace />;
  const openTool = target.kind === 'slide' ? target.tool : null;
  // Photo tools are for photos (crop explains itself for clips and text slides); the cover photo has no custom zoom.
  if (viewed && openTool && openTool !== 'crop' && (!isPhoto(viewed) || (openTool === 'custom_zoom' && viewed.id === cover))) {
    return <Redirect to={paths.slide(viewed.id)} replace />;
  }
  const go: SlideViewNavigation = {
    show: (id, nextTool) => navigate(paths.slide(id, nextTool ?? undefined), { replace: true, state: window.history.state as unknown }),
    openTool: (t: Tool) => {
      if (viewed) navigate(paths.slide(viewed.id, t), { state: { editorOpened: 'tool', from: paths.slide(viewed.id) } });
    },
    // Back closes a tool, then the dialog, when they were opened from here; otherwise the address is replaced.
    closeTool: () => {
      const state = window.history.state as { from?: string } | null;
      if (viewed && openedFrom(state) === 'tool' && state?.from === paths.slide(viewed.id)) window.history.back();
      else if (viewed) navigate(paths.slide(viewed.id), { replace: true });
    },
    close: () => {
      if (openedFrom(window.history.state) === 'dialog') window.history.back();
      else navigate(base, { replace: true });
    },
  };

  return (
    <Box ref={rootRef} onClick={clearOnOutsideClick} sx={{ maxWidth: 1000, mx: 'auto', px: { xs: 1, sm: 2 }, py: { xs: 2, sm: 3 }, minHeight: '70vh' }}>
      <GlobalStyles styles={QUICKSAND_FONT_FACE} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h1" sx={{ flexGrow: 1, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
          Slides
        </Typography>
        <OtherEditors count={live.otherEditors} />
      </Box>
      <SlidesToolbar
        canEdit={canEdit}
        showSamples={slides.length === 0 && meta.showSampleButton}
        textSlideHref={`${base}/new_text`}
        onFiles={uploads.addFiles}
        hasSlides={slides.length > 0}
        isSuper={meta.isSuper}
        restoreHref={`/slides/rubbish_bin/${pageRef}`}
        downloadHref={link ? `/slides/downloader/${pageRef}/` : meta.downloadUrl}
        onSort={() => setSorting(true)}
        onInsertSamples={() => void slideActions.insertSamples()}
        {...lookAndStock.toolbar}
      />
      <Stack spacing={1} sx={{ my: 2 }}>
        <UploadProgress summary={uploads.summary} showAnalysis={meta.isSuper} />
        {meta.showIdeas && <RotationIdeasAlert pending={ideas.pending} slides={slides} onDecide={ideas.decide} />}
        {canEdit && <DuplicatePhotos videoRef={videoRef} slides={slides} onChanged={refresh} />}
        <UploadProblems problems={uploads.problems} onDismiss={uploads.dismissProblems} />
        {slideActions.reorderError !== null && <ReorderErrorAlert reason={slideActions.reorderError} onRetry={() => void slideActions.retryOrder()} />}
      </Stack>
      <FileDropZone onFiles={uploads.addFiles}>
        {slides.length > 0 || uploadTiles.length > 0 ? (
          <Box sx={{ display: 'flex', alignItems: 'flex-start' }}>
            {canEdit && (
              <GridTools context={grid.context} actions={actions}>
                <SlideTimeTool selected={selected} coverId={cover} edits={edits} />
                <LookChooserTools selected={selected} slides={slides} coverId={cover} videoRef={videoRef} meta={meta} onSaved={store.replace} onTextSlides={edits.chooseForText} />
              </GridTools>
            )}
            <SlideGrid
              slides={slides}
              uploads={uploadTiles}
              metrics={metrics}
              selection={grid.selection}
              busy={busy}
              deleting={deleting}
              pending={rotation.pending}
              coverId={cover}
              canEdit={canEdit}
              touch={touch}
              handlers={grid.handlers}
              onCancelUpload={uploads.cancel}
              carried={grid.carried}
              allowedDrop={grid.allowedDrop}
              onDrop={grid.onDrop}
              othersDragging={live.othersDragging}
              onDragging={live.sendDragging}
            />
          </Box>
        ) : (
          <Typography sx={{ color: 'text.secondary', textAlign: 'center', py: 8, px: 2, border: '2px dashed', borderColor: 'divider', borderRadius: 3 }}>
            No slides yet. Add photos and video clips with the button above, or drop them anywhere on this page.
          </Typography>
        )}
      </FileDropZone>
      <UndoSnackbar key={slideActions.undoSerial} count={slideActions.undoIds.length} onUndo={() => void slideActions.undo()} onClose={slideActions.dismissUndo} />
      <NoticeAlert message={grid.notice} onClose={grid.clearNotice} />
      <SortDialog open={sorting} onClose={() => setSorting(false)} onSort={sort} />
      {lookAndStock.dialogs}
      {sub === 'new_text' && canEdit && (
        <TextSlideDialog
          videoRef={videoRef}
          meta={meta}
          onSaved={refresh}
          canDelete={(id) => shownIds.has(id) && !busy.has(id)}
          onDelete={(id) => actions.remove([id])}
          onClose={() => navigate(base)}
        />
      )}
      {viewed && (
        <SlideView
          videoRef={videoRef}
          slide={viewed}
          slides={slides}
          coverId={cover}
          meta={meta}
          busy={busy}
          pendingRotation={rotation.pending.get(viewed.id) ?? 0}
          actions={actions}
          edits={edits}
          tool={openTool}
          go={go}
        />
      )}
    </Box>
  );
}
