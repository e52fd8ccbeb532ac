import { Add } from '@mui/icons-material';
import { Button, Chip, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { Link } from 'wouter';
import { Page } from '../../../ui/index.ts';
import { deleteVideo, restoreVideo, updateVideo, useVideoPage, type AdminVideo, type VideoState } from '../api.ts';
import { AdminTable, type Column } from '../components/AdminTable.tsx';
import { formatDate } from '../components/format.ts';
import { ListToolbar } from '../components/ListToolbar.tsx';
import { OrganizationPicker, type OrganizationOption } from '../components/OrganizationPicker.tsx';
import { SearchField } from '../components/SearchField.tsx';
import { useConfirm } from '../components/useConfirm.tsx';
import { useListState } from '../components/useListState.ts';
import { VideoDialog, type VideoChanges } from './VideoDialog.tsx';

const STATES: { value: VideoState; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'deleted', label: 'Deleted' },
  { value: 'all', label: 'All' },
];

function VideoStatus({ video }: { video: AdminVideo }) {
  if (video.deleted) return <Chip size="small" label="Deleted" color="error" variant="outlined" />;
  return video.finished ? <Chip size="small" label="Finished" color="success" variant="outlined" /> : <Chip size="small" label="In progress" variant="outlined" />;
}

const COLUMNS: Column<AdminVideo>[] = [
  { label: 'Title', render: (v) => v.title || `Video #${v.id}` },
  { label: 'Subtitle', render: (v) => v.subtitle || '—', secondary: true },
  { label: 'Organization', render: (v) => v.organizationName ?? '—' },
  { label: 'Created', render: (v) => formatDate(v.createdAt), secondary: true },
  { label: 'Status', render: (v) => <VideoStatus video={v} /> },
];

/** Super users' list of every organization's videos: search titles, correct them, delete and restore. */
export function VideosPage() {
  const list = useListState();
  const [organization, setOrganization] = useState<OrganizationOption | null>(null);
  const [state, setState] = useState<VideoState>('active');
  const { data, error, isValidating, mutate } = useVideoPage(list.search, organization?.id, state, list.page, list.perPage);
  const [editing, setEditing] = useState<AdminVideo | null>(null);
  const [confirmDialog, ask] = useConfirm();

  const save = async (changes: VideoChanges) => {
    if (!editing) return;
    await updateVideo(editing.id, changes);
    setEditing(null);
    await mutate();
  };

  const deleteOrRestore = (v: AdminVideo) =>
    ask({
      title: v.deleted ? 'Restore video?' : 'Delete video?',
      message: v.deleted ? `'${v.title}' will be back in its organization's videos list.` : `Are you sure you want to delete '${v.title}'?`,
      confirmLabel: v.deleted ? 'Restore' : 'Delete',
      danger: !v.deleted,
      action: async () => {
        await (v.deleted ? restoreVideo(v.id) : deleteVideo(v.id));
        await mutate();
      },
    });

  return (
    <Page
      title="Videos"
      actions={
        // The creator's setup page (features/setup: /creator/new) makes the video, as on the Videos page.
        <Button component={Link} href="/creator/new" variant="contained" startIcon={<Add />}>
          New Video
        </Button>
      }
    >
      <ListToolbar>
        <SearchField label="Search titles" value={list.typed} onChange={list.setTyped} />
        <OrganizationPicker
          label="Filter by organization"
          size="small"
          sx={{ width: { xs: '100%', sm: 300 } }}
          value={organization}
          onChange={(next) => {
            setOrganization(next);
            list.resetPage();
          }}
        />
        <TextField
          select
          size="small"
          label="Show"
          value={state}
          onChange={(e) => {
            setState(e.target.value as VideoState);
            list.resetPage();
          }}
          sx={{ width: { xs: '100%', sm: 160 } }}
        >
          {STATES.map((s) => (
            <MenuItem key={s.value} value={s.value}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
      </ListToolbar>
      <AdminTable
        label="Videos"
        rows={data?.videos}
        rowKey={(v) => v.id}
        columns={COLUMNS}
        dimmed={(v) => v.deleted}
        actions={(v) => (
          <>
            <Button size="small" onClick={() => setEditing(v)} aria-label={`Edit ${v.title}`}>
              Edit
            </Button>
            <Button size="small" color={v.deleted ? 'primary' : 'error'} onClick={() => deleteOrRestore(v)} aria-label={`${v.deleted ? 'Restore' : 'Delete'} ${v.title}`}>
              {v.deleted ? 'Restore' : 'Delete'}
            </Button>
          </>
        )}
        loading={isValidating}
        error={error}
        emptyText={list.search ? `No videos match "${list.search}".` : 'No videos here.'}
        total={data?.total ?? 0}
        list={list}
      />
      {editing && <VideoDialog key={editing.id} video={editing} onClose={() => setEditing(null)} onSave={save} />}
      {confirmDialog}
    </Page>
  );
}
