import { LibraryAddOutlined } from '@mui/icons-material';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useMe, type VideoRef } from '../../api/index.ts';
import { ConfirmDialog } from '../../ui/index.ts';
import { useCreatorContext } from '../creator/index.ts';
import { MusicDialog, type MusicTab } from './MusicDialog.tsx';
import { MusicDropZone } from './MusicDropZone.tsx';
import { usePreview } from './PreviewPlayer.tsx';
import { fromUpload, isPreparing, isSaved, type ManagerSong } from './song-model.ts';
import { SongEditDialog } from './SongEditDialog.tsx';
import { SongList } from './SongList.tsx';
import { TimingSection } from './TimingSection.tsx';
import { useMusic } from './useMusic.ts';
import { useSongUploads } from './useSongUploads.ts';
import { useUploadLeaveGuard } from './useUploadLeaveGuard.tsx';

export const DELETE_SONG_QUESTION = 'Are you sure you want to delete this song?';
export const NON_STOCK_WARNING = 'We cannot ship DVDs or other physical products for videos that contain non-stock music for licensing reasons';

interface Props {
  video: VideoRef;
  /** Opened through a family upload link. */
  anonymous: boolean;
}

/** The music manager (spec 1 section 2.7): the video's songs, the Add Music dialog, uploads and timing. */
export function MusicManager({ video, anonymous }: Props) {
  const store = useMusic(video);
  const uploads = useSongUploads(video, store.uploaded);
  const leaveDialog = useUploadLeaveGuard(uploads.uploading);
  const preview = usePreview();
  const { user } = useMe();
  const signedIn = !anonymous && user !== null;
  const creator = useCreatorContext();
  // The creator props leave branding off for families, who never see the licensing warning.
  const showBranding = creator.props?.showBranding ?? false;
  const frameReadOnly = creator.props?.readOnly;

  const [dialog, setDialog] = useState<{ open: boolean; tab: MusicTab }>({ open: false, tab: 'stock' });
  const [licenceAccepted, setLicenceAccepted] = useState(false);
  const [heldFiles, setHeldFiles] = useState<File[]>([]);
  const [editing, setEditing] = useState<(ManagerSong & { id: number }) | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const readOnly = store.readOnly;
  // The frame's read-only notice can reopen the video; the song list then follows.
  const { load } = store;
  useEffect(() => {
    if (frameReadOnly === false && readOnly) void load();
  }, [frameReadOnly, readOnly, load]);
  const canUpload = store.uploadEnabled && !readOnly;
  const mayUploadNow = anonymous || licenceAccepted;

  const closeDialog = () => {
    if (preview.current?.startsWith('stock-')) preview.stop();
    setDialog((d) => ({ ...d, open: false }));
  };
  const startUploads = (files: File[]) => {
    uploads.add(files);
    closeDialog();
  };
  const dropped = (files: File[]) => {
    if (mayUploadNow) return uploads.add(files);
    setHeldFiles((held) => [...held, ...files]);
    setDialog({ open: true, tab: 'upload' });
  };
  const acceptLicence = () => {
    setLicenceAccepted(true);
    if (heldFiles.length === 0) return;
    startUploads(heldFiles);
    setHeldFiles([]);
  };
  const rowAction = (song: ManagerSong) => {
    if (isSaved(song)) setDeleting(song.id);
    else if (song.uploadId) uploads.remove(song.uploadId);
  };
  const confirmDelete = async () => {
    const id = deleting;
    setDeleting(null);
    if (id === null) return;
    if (preview.current === `song-${id}`) preview.stop();
    await store.remove(id).catch(() => undefined);
  };

  if (!store.loaded) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label="Loading music" />
        {leaveDialog}
      </Box>
    );
  }
  if (store.loadError || !store.timing) {
    return (
      <Box sx={{ py: 2 }}>
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void store.load()}>Retry</Button>}>
          {store.loadError ?? 'The music could not be loaded.'}
        </Alert>
        {leaveDialog}
      </Box>
    );
  }

  const songs = [...store.songs, ...uploads.entries.map((e) => fromUpload(e.uploadId, e.file.name, e.progress, e.error))];
  const hasUploadedSongs = store.songs.some((s) => s.stockSongId === null);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h1" sx={{ flexGrow: 1, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
          Music
        </Typography>
        {!readOnly && (
          <Button variant="contained" startIcon={<LibraryAddOutlined />} onClick={() => setDialog({ open: true, tab: 'stock' })}>
            Add Music
          </Button>
        )}
      </Box>
      <Stack spacing={1.5} sx={{ mb: 2 }}>
        {showBranding && !anonymous && hasUploadedSongs && <Alert severity="warning">{NON_STOCK_WARNING}</Alert>}
        {store.reorderFailed && (
          <Alert severity="error" onClose={store.dismissReorderError}>
            The new order of the songs could not be saved. The list shows the order that was kept.
          </Alert>
        )}
      </Stack>
      {songs.length > 0 ? (
        <SongList
          songs={songs}
          videoLength={store.timing.video}
          readOnly={readOnly}
          onMove={store.move}
          onEdit={(song) => isSaved(song) && setEditing(song)}
          onAction={rowAction}
        />
      ) : (
        <Typography sx={{ color: 'text.secondary', textAlign: 'center', py: 6, px: 2, border: '2px dashed', borderColor: 'divider', borderRadius: 3 }}>
          {readOnly ? 'This video has no music.' : 'No music yet. Add songs from the stock library' + (store.uploadEnabled ? ' or upload your own.' : '.')}
        </Typography>
      )}
      <Box sx={{ mt: 3 }}>
        <TimingSection
          timing={store.timing}
          settings={store.settings}
          readOnly={readOnly}
          preparingSongs={store.songs.filter(isPreparing).length}
          onSave={(settings) => void store.saveTiming(settings).catch(() => undefined)}
        />
      </Box>
      <MusicDialog
        open={dialog.open}
        tab={dialog.tab}
        onTab={(tab) => setDialog((d) => ({ ...d, tab }))}
        uploadEnabled={canUpload}
        signedIn={signedIn}
        anonymous={anonymous}
        licenceAccepted={licenceAccepted}
        heldFiles={heldFiles.length}
        onAcceptLicence={acceptLicence}
        onFiles={startUploads}
        onAddStock={store.attach}
        onClose={closeDialog}
      />
      {editing && <SongEditDialog song={editing} onSave={store.saveOptions} onClose={() => setEditing(null)} />}
      <ConfirmDialog open={deleting !== null} message={DELETE_SONG_QUESTION} confirmLabel="Delete" danger onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)} />
      <MusicDropZone enabled={canUpload} onFiles={dropped} />
      {leaveDialog}
    </Box>
  );
}
