import { CategoryOutlined, CloudUpload } from '@mui/icons-material';
import { Alert, Box, Button, Chip, LinearProgress, MenuItem, Stack, TextField } from '@mui/material';
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { matchesStockSearch } from '../../../../common/stock-search.ts';
import { Page } from '../../ui/index.ts';
import { AdminTable, ListToolbar, RowActions, SearchField, useConfirm, useListState, type Column } from '../settings/index.ts';
import { updateStockSong, uploadStockSong, useStockLibrary, type AdminStockSong, type StockCategory, type StockSongChanges } from './api.ts';
import { CategoriesDialog } from './CategoriesDialog.tsx';
import { PreviewButton } from './PreviewButton.tsx';
import { StockSongDialog } from './StockSongDialog.tsx';
import { usePreviewPlayer, type PreviewPlayer } from './usePreviewPlayer.ts';

const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
const ALL = 'all';

/** 2:05, as a length reads in a list. */
function minutes(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

function SongStatus({ song }: { song: AdminStockSong }) {
  if (!song.previewUrl) return <Chip size="small" label="Preparing audio" variant="outlined" color="info" />;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {song.disabled && <Chip size="small" label="Disabled" variant="outlined" />}
      {song.premium && <Chip size="small" label="Premium" variant="outlined" color="warning" />}
      {!song.disabled && !song.premium && <Chip size="small" label="Offered" variant="outlined" color="success" />}
    </Stack>
  );
}

function columns(player: PreviewPlayer, categoryName: Map<number, string>): Column<AdminStockSong>[] {
  return [
    {
      label: 'Title',
      render: (s) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <PreviewButton id={s.id} title={s.songName} url={s.previewUrl} player={player} />
          <span>{s.songName}</span>
        </Stack>
      ),
    },
    { label: 'Artist', render: (s) => s.artistName || '—' },
    { label: 'Length', render: (s) => (s.previewUrl ? minutes(s.songLength) : '—') },
    {
      label: 'Categories',
      secondary: true,
      render: (s) =>
        [...categoryName.entries()]
          .filter(([id]) => s.categoryIds.includes(id))
          .map(([, name]) => name)
          .join(', ') || '—',
    },
    { label: 'Status', render: (s) => <SongStatus song={s} /> },
  ];
}

/** Super users' stock music library: listen, upload, rename, file under categories, disable or make premium. */
export function StockSongsPage() {
  const { data, error, isValidating, mutate } = useStockLibrary();
  const list = useListState();
  const [category, setCategory] = useState<string>(ALL);
  const [editing, setEditing] = useState<AdminStockSong | null>(null);
  const [managing, setManaging] = useState(false);
  const [uploading, setUploading] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState('');
  const [confirmDialog, ask] = useConfirm();
  const player = usePreviewPlayer();
  const input = useRef<HTMLInputElement>(null);

  const categories: StockCategory[] = useMemo(() => data?.stockCategories ?? [], [data]);
  const songs = useMemo(() => data?.stockSongs ?? [], [data]);
  const categoryName = useMemo(() => new Map(categories.map((c) => [c.id, c.name])), [categories]);
  const counts = useMemo(() => {
    const out = new Map<number, number>();
    for (const s of songs) for (const id of s.categoryIds) out.set(id, (out.get(id) ?? 0) + 1);
    return out;
  }, [songs]);
  const shown = songs.filter((s) => matchesStockSearch(list.search, s) && (category === ALL || s.categoryIds.includes(Number(category))));
  const page = shown.slice(list.page * list.perPage, (list.page + 1) * list.perPage);

  const save = async (changes: StockSongChanges) => {
    if (!editing) return;
    await updateStockSong(editing.id, changes);
    setEditing(null);
    await mutate();
  };

  const toggle = (song: AdminStockSong) =>
    ask({
      title: song.disabled ? 'Enable song?' : 'Disable song?',
      message: song.disabled
        ? `'${song.songName}' will be offered in the music dialog again${song.premium ? ' once it is no longer premium' : ''}.`
        : `'${song.songName}' will no longer be offered in the music dialog. Videos that use it keep it.`,
      confirmLabel: song.disabled ? 'Enable' : 'Disable',
      danger: !song.disabled,
      action: async () => {
        await updateStockSong(song.id, { disabled: !song.disabled });
        await mutate();
      },
    });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError('');
    if (file.size > MAX_UPLOAD_BYTES) return setUploadError('The file is too large. Please choose one of 200 MB or less.');
    setUploading(file.name);
    try {
      const song = await uploadStockSong(file);
      await mutate();
      setEditing(song);
    } catch (err) {
      setUploadError(err instanceof Error ? err.message : String(err));
    } finally {
      setUploading(null);
    }
  };

  const actions = (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button variant="outlined" startIcon={<CategoryOutlined />} onClick={() => setManaging(true)} disabled={!data}>
        Categories
      </Button>
      <Button variant="contained" startIcon={<CloudUpload />} onClick={() => input.current?.click()} disabled={uploading !== null}>
        Upload song
      </Button>
      {/* Reached through the button above, so the keyboard meets one control, not two. */}
      <input ref={input} type="file" accept="audio/*,.mp3,.m4a,.aac,.wav,.flac,.ogg" onChange={choose} hidden aria-label="Song file" />
    </Stack>
  );

  return (
    <Page title="Stock Songs" actions={actions}>
      {uploading && (
        <Alert severity="info" sx={{ mb: 2 }} icon={false}>
          <Box sx={{ mb: 1 }}>Adding “{uploading}” to the library: it is brought to the library’s loudness, which takes a moment for a long song.</Box>
          <LinearProgress aria-label={`Uploading ${uploading}`} />
        </Alert>
      )}
      {uploadError && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setUploadError('')}>
          {uploadError}
        </Alert>
      )}
      <ListToolbar>
        <SearchField label="Search title or artist" value={list.typed} onChange={list.setTyped} />
        <TextField
          select
          size="small"
          label="Category"
          value={category}
          onChange={(e) => {
            setCategory(e.target.value);
            list.resetPage();
          }}
          sx={{ width: { xs: '100%', sm: 220 } }}
        >
          <MenuItem value={ALL}>All categories</MenuItem>
          {categories.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      </ListToolbar>
      <AdminTable
        label="Stock songs"
        rows={data ? page : undefined}
        rowKey={(s) => s.id}
        columns={columns(player, categoryName)}
        dimmed={(s) => s.disabled}
        actions={(s) => <RowActions name={s.songName} disabled={s.disabled} onEdit={() => setEditing(s)} onToggle={() => toggle(s)} />}
        loading={isValidating}
        error={error}
        emptyText={list.search || category !== ALL ? 'No songs match.' : 'No stock songs yet.'}
        total={shown.length}
        list={list}
      />
      {editing && <StockSongDialog key={editing.id} song={editing} categories={categories} onClose={() => setEditing(null)} onSave={save} />}
      {managing && <CategoriesDialog categories={categories} counts={counts} onChanged={() => mutate()} onClose={() => setManaging(false)} />}
      {confirmDialog}
    </Page>
  );
}
