import { Chip } from '@mui/material';
import { deleteVideo, restoreVideo, type AdminVideo } from '../api.ts';
import { formatDate } from '../components/format.ts';
import { AdminResourcePage } from '../resource/AdminResourcePage.tsx';
import type { ResourceDeclaration } from '../resource/types.ts';

function VideoStatus({ video }: { video: AdminVideo }) {
  if (video.deleted) return <Chip size="small" label="Deleted" color="error" variant="outlined" />;
  return video.finished ? <Chip size="small" label="Finished" color="success" variant="outlined" /> : <Chip size="small" label="In progress" variant="outlined" />;
}

const VIDEOS: ResourceDeclaration<AdminVideo> = {
  title: 'Videos',
  noun: 'video',
  path: '/r/settings/videos',
  listKey: 'videos',
  searchLabel: 'Search titles',
  columns: [
    { label: 'Title', render: (v) => v.title || `Video #${v.id}` },
    { label: 'Subtitle', render: (v) => v.subtitle || '—', secondary: true },
    { label: 'Organization', render: (v) => v.organizationName ?? '—' },
    { label: 'Created', render: (v) => formatDate(v.createdAt), secondary: true },
    { label: 'Status', render: (v) => <VideoStatus video={v} /> },
  ],
  filters: [
    { kind: 'organization', param: 'organization_id' },
    {
      kind: 'select',
      param: 'state',
      label: 'Show',
      initial: 'active',
      options: [
        { value: 'active', label: 'Active' },
        { value: 'deleted', label: 'Deleted' },
        { value: 'all', label: 'All' },
      ],
    },
  ],
  fields: [
    { key: 'title', label: 'Title', kind: 'text', required: true },
    { key: 'subtitle', label: 'Subtitle', kind: 'text' },
    { key: 'introText', label: 'Introductory text', kind: 'text' },
    {
      key: 'organizationId',
      label: 'Organization',
      kind: 'organization',
      required: true,
      read: (v) => (v.organizationId ? { id: v.organizationId, organizationName: v.organizationName ?? '' } : null),
    },
  ],
  rowName: (v) => v.title,
  // The creator's setup page (features/setup: /creator/new) makes the video, as on the Videos page.
  create: { href: '/creator/new', label: 'New Video' },
  remove: {
    message: (v) => `Are you sure you want to delete '${v.title}'?`,
    call: (v) => deleteVideo(v.id),
    isRemoved: (v) => v.deleted,
    restore: { message: (v) => `'${v.title}' will be back in its organization's videos list.`, call: (v) => restoreVideo(v.id) },
  },
  dimmed: (v) => v.deleted,
  emptyText: 'No videos here.',
  noMatchText: (search) => (search ? `No videos match "${search}".` : 'No videos here.'),
};

/** Super users' list of every organization's videos: search titles, correct them, delete and restore. */
export function VideosPage() {
  return <AdminResourcePage resource={VIDEOS} />;
}
