import { Box, GlobalStyles, Stack, Typography } from '@mui/material';
import { useCallback, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Redirect, useLocation } from 'wouter';
import type { SlideListMeta, VideoRef } from '../../api/index.ts';
import type { SlideActions } from './commands.ts';
import { GridTools } from './GridTools.tsx';
import { LookChooserTools } from './look/LookChooserTools.tsx';
import { OtherEditors, useLiveSync } from './live/index.ts';
import { coverId as findCover, photoFirst } from './order.ts';
import { SlideGrid } from './SlideGrid.tsx';
import { SlidesToolbar } from './SlidesToolbar.tsx';
import { SlideView } from './slide-view/index.ts';
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

interface Props {
  videoRef: VideoRef;
  /** The URL's own reference (id or link hash) for links to the other slide pages. */
  pageRef: string;
  link: boolean;
  store: SlideListStore;
  meta: SlideListMeta;
  /** The part of the path after /slides/: a slide id, 'new_text', or nothing. */
  sub: string | undefined;
}

/** Touch screens (a coarse pointer): tools follow the tapped slide instead of the hover. */
const isTouchScreen = () => window.matchMedia?.('(pointer: coarse)').matches ?? false;

/** The editable slide workspace: toolbar, alerts, grid tools, grid, and the dialogs opened by route. */
export function EditableWorkspace({ videoRef, pageRef, link, store, meta, sub }: Props) {
  const [, navigate] = useLocation();
  const base = `/creator/${pageRef}/slides`;
  const rootRef = useRef<HTMLDivElement>(null);
  const metrics = useGridMetrics();
  const [touch] = useState(isTouchScreen);
  const [sorting, setSorting] = useState(false);
  const canEdit = meta.canEdit;
  const { slides, busy, deleting, load, inFlight } = store;

  const refresh = useCallback(() => void load(), [load]);
  const live = useLiveSync(videoRef, refresh, inFlight);
  const uploads = useUploads(videoRef, { onSlidesChanged: refresh, limit: meta.uploadLinkLimit });
  const slideActions = useSlideActions(videoRef, store);
  const rotation = useRotation(videoRef, store);

  const { remove, duplicate, enhance, saveOrder } = slideActions;
  const actions: SlideActions = useMemo(
    () => ({
      edit: (id) => navigate(`${base}/${id}`),
      remove: (ids) => void remove(ids),
      rotate: rotation.rotate,
      duplicate: (ids) => void duplicate(ids),
      enhance: (ids, value) => void enhance(ids, value),
    }),
    [navigate, base, remove, duplicate, enhance, rotation.rotate],
  );
  const grid = useGridInteraction({ slides, busy, canEdit, actions, saveOrder });

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

  const slideId = sub && /^\d+$/.test(sub) ? Number(sub) : null;
  const viewed = slideId !== null ? slides.find((s) => s.id === slideId) : undefined;
  if (slideId !== null && !viewed && !store.busy.has(slideId) && !store.deleting.has(slideId)) return <Redirect to={base} replace />;
  if (sub && (!canEdit || (slideId === null && sub !== 'new_text'))) return <Redirect to={base} replace />;

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
      />
      <Stack spacing={1} sx={{ my: 2 }}>
        <UploadProgress summary={uploads.summary} />
        <UploadProblems problems={uploads.problems} onDismiss={uploads.dismissProblems} />
        {slideActions.reorderError !== null && <ReorderErrorAlert reason={slideActions.reorderError} onRetry={() => void slideActions.retryOrder()} />}
      </Stack>
      <FileDropZone onFiles={uploads.addFiles}>
        {slides.length > 0 || uploadTiles.length > 0 ? (
          <Box sx={{ display: 'flex', alignItems: 'flex-start' }}>
            {canEdit && (
              <GridTools context={grid.context} actions={actions}>
                <LookChooserTools targets={grid.context.targets} slides={slides} busy={busy} coverId={cover} videoRef={videoRef} meta={meta} onSaved={store.replace} />
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
      {sub === 'new_text' && canEdit && <TextSlideDialog videoRef={videoRef} meta={meta} onSaved={refresh} onClose={() => navigate(base)} />}
      {viewed && (
        <SlideView
          slide={viewed}
          slides={slides}
          coverId={cover}
          busy={busy}
          pendingRotation={rotation.pending.get(viewed.id) ?? 0}
          actions={actions}
          onNavigate={(id) => navigate(id === null ? base : `${base}/${id}`, { replace: true })}
        />
      )}
    </Box>
  );
}
