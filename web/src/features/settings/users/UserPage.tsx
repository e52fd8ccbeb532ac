import { Block, CheckCircleOutlined, EditOutlined, Login } from '@mui/icons-material';
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Container, Link as MuiLink, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { Link } from 'wouter';
import { getJson, ServerProblem, useMe, withQuery, type Camelized } from '../../../api/index.ts';
import type { WireAdminUser, WireAdminVideo } from '../../../../../server/src/wire/settings.ts';
import { NotFoundPage } from '../../../app/fallback-pages.tsx';
import { ConfirmDialog } from '../../../ui/index.ts';
import { ActivityLogTable, activityLogsPageUrl, useActivityLog } from '../../activity-logs/index.ts';
import { switchToUser } from '../../auth/index.ts';
import { updateUser, type NewUser } from '../api.ts';
import { formatDate, ROLE_LABELS } from '../components/format.ts';
import { fieldProblems } from '../resource/api.ts';
import { showAlert } from '../../../api/alerts.ts';
import { UserDialog } from './UserDialog.tsx';

/** How many of the user's newest videos and activity rows the page shows (each links to the whole list). */
const RECENT = 10;

const userKey = (id: number) => `/r/settings/users/${id}`;

interface WireAdminVideoPage {
  videos: WireAdminVideo[];
  total: number;
}

/** /settings/users/{userId} (spec 3 section 2.1, the admin table's Creator link): one user, for super users. */
export function UserPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.userId ?? '';
  if (!/^\d+$/.test(id)) return <NotFoundPage />;
  return <UserDetails key={id} id={Number(id)} />;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

function UserDetails({ id }: { id: number }) {
  const { user: me } = useMe();
  const { data, error, mutate } = useSWR<Camelized<{ user: WireAdminUser }>, Error>(userKey(id), (key: string) => getJson(key), { revalidateOnFocus: false });
  const [editing, setEditing] = useState(false);
  const [toggling, setToggling] = useState(false);
  if (error instanceof ServerProblem && error.status === 404) return <NotFoundPage />;
  const user = data?.user;
  const isSelf = user?.id === me?.id;
  const name = user ? user.name || user.email : '';

  const save = async (values: NewUser) => {
    const { password: _unused, sendInvitation: _never, ...changes } = values;
    const saved = await updateUser(id, changes);
    await mutate(saved, { revalidate: false });
    setEditing(false);
  };
  const toggle = async () => {
    setToggling(false);
    if (!user) return;
    try {
      await mutate(await updateUser(id, { disabled: !user.disabled }), { revalidate: false });
    } catch (err) {
      showAlert(err instanceof Error ? err.message : 'The change was not saved.');
    }
  };
  const logInAs = async () => {
    try {
      await switchToUser(id);
      window.location.assign('/dashboard');
    } catch {
      // Shown by the alert dialog.
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, display: 'grid', gap: { xs: 2, sm: 3 } }}>
      <MuiLink component={Link} href="/settings/users" sx={{ justifySelf: 'start' }}>
        All users
      </MuiLink>
      {error ? (
        <Alert severity="error">{error.message}</Alert>
      ) : !user ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
          <CircularProgress aria-label="Loading the user" />
        </Box>
      ) : (
        <>
          <Card variant="outlined" component="section" aria-label="User">
            <CardContent>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
                <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.85rem' }, overflowWrap: 'anywhere' }}>
                  {name}
                </Typography>
                <Chip size="small" label={user.disabled ? 'Disabled' : 'Active'} color={user.disabled ? 'default' : 'success'} variant="outlined" />
              </Box>
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 3, rowGap: 1.25, mt: 2, mb: 0 }}>
                <Fact label="Email">
                  <MuiLink href={`mailto:${user.email}`}>{user.email}</MuiLink>
                </Fact>
                <Fact label="Organization">{user.organizationName ?? 'None'}</Fact>
                <Fact label="Role">{ROLE_LABELS[user.role]}</Fact>
                <Fact label="Last login">{formatDate(user.lastLoginAt)}</Fact>
                <Fact label="Joined">{formatDate(user.createdAt)}</Fact>
              </Box>
              <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mt: 3 }}>
                <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
                  Edit
                </Button>
                {!isSelf && (
                  <Button variant="outlined" color={user.disabled ? 'primary' : 'error'} startIcon={user.disabled ? <CheckCircleOutlined /> : <Block />} onClick={() => setToggling(true)}>
                    {user.disabled ? 'Enable' : 'Disable'}
                  </Button>
                )}
                {!isSelf && !user.disabled && (
                  <Button variant="outlined" startIcon={<Login />} onClick={() => void logInAs()}>
                    Log in as
                  </Button>
                )}
              </Box>
            </CardContent>
          </Card>
          <UserVideos userId={id} />
          <UserActivity userId={id} />
          {editing && <UserDialog user={user} isSelf={isSelf} onClose={() => setEditing(false)} onSave={save} problemsOf={problemsOf} />}
          <ConfirmDialog
            open={toggling}
            title={`${user.disabled ? 'Enable' : 'Disable'} user?`}
            message={user.disabled ? `${name} will be able to log in again.` : `${name} will be logged out everywhere and will not be able to log in.`}
            confirmLabel={user.disabled ? 'Enable' : 'Disable'}
            danger={!user.disabled}
            onCancel={() => setToggling(false)}
            onConfirm={() => void toggle()}
          />
        </>
      )}
    </Container>
  );
}

/** Field messages go beside the fields; anything else is shown in the alert dialog. */
function problemsOf(err: unknown): Record<string, string> | undefined {
  const problems = fieldProblems(err);
  if (!problems && err instanceof Error) showAlert(err.message);
  return problems;
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent sx={{ px: { xs: 0, sm: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap', px: { xs: 2, sm: 0 }, mb: 1 }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

function UserVideos({ userId }: { userId: number }) {
  const key = withQuery('/r/settings/videos', { user_id: userId, state: 'all', per_page: RECENT });
  const { data, error } = useSWR<Camelized<WireAdminVideoPage>, Error>(key, (path: string) => getJson(path), { revalidateOnFocus: false });
  const more = data && data.total > data.videos.length;
  return (
    <Section title="Videos" action={data && <Typography color="text.secondary">{data.total === 1 ? '1 video' : `${data.total} videos`}{more ? `, the newest ${data.videos.length} shown` : ''}</Typography>}>
      {error ? (
        <Typography color="error" sx={{ px: { xs: 2, sm: 0 } }}>{error.message}</Typography>
      ) : !data ? (
        <CircularProgress size={24} aria-label="Loading the videos" sx={{ mx: { xs: 2, sm: 0 } }} />
      ) : data.videos.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 0 } }}>This user has made no videos.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}>
          {data.videos.map((video) => (
            <Box component="li" key={video.id} sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap', py: 1, px: { xs: 2, sm: 0 }, borderBottom: 1, borderColor: 'divider' }}>
              <MuiLink component={Link} href={`/videos/${video.id}/details`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {video.title || 'Untitled video'}
              </MuiLink>
              <Typography variant="body2" color="text.secondary">
                {[video.organizationName, video.deleted ? 'Deleted' : video.finished ? 'Finished' : video.dateInQueue ? 'Rendering' : 'Unfinished', `started ${formatDate(video.createdAt)}`]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}

function UserActivity({ userId }: { userId: number }) {
  const { data, error } = useActivityLog({ userId: String(userId) }, RECENT);
  return (
    <Section
      title="Recent Activity"
      action={
        <MuiLink component={Link} href={activityLogsPageUrl({ userId: String(userId) })}>
          All activity
        </MuiLink>
      }
    >
      {error ? (
        <Typography color="error" sx={{ px: { xs: 2, sm: 0 } }}>{error.message}</Typography>
      ) : data && data.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 0 } }}>No activity recorded for this user.</Typography>
      ) : (
        <ActivityLogTable rows={data ?? []} label="Recent activity" />
      )}
    </Section>
  );
}

