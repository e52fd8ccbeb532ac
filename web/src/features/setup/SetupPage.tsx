import { Alert, Box, CircularProgress } from '@mui/material';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { getSecurityHash, setSecurityHash, useMe } from '../../api/index.ts';
import { NotFoundPage } from '../../app/fallback-pages.tsx';
import { CreatorFrame, parseCreatorRef, useCreatorContext } from '../creator/index.ts';
import { SetupForm } from './SetupForm.tsx';
import { newVideoValues, setupValuesOf } from './setup-values.ts';

function Waiting() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

/**
 * Staff need to be signed in; a family link sets its hash before anything loads. The children stay in one
 * place whatever the address, so the form survives /creator/new becoming /creator/{id}/setup.
 */
function SetupGate({ param, children }: { param: string | undefined; children: ReactNode }) {
  const ref = useMemo(() => parseCreatorRef(param), [param]);
  const hash = ref?.kind === 'link' ? ref.hash : undefined;
  // Set during render: the children's first requests must carry it.
  if (hash && getSecurityHash() !== hash) setSecurityHash(hash);
  useEffect(() => {
    setSecurityHash(hash);
    return () => {
      if (getSecurityHash() === hash) setSecurityHash(undefined);
    };
  }, [hash]);
  const { me } = useMe();
  const [location] = useLocation();
  if (!ref) return <NotFoundPage />;
  if (ref.kind !== 'link') {
    if (!me) return <Waiting />;
    if (!me.user) return <Redirect to={`/users/login?next=${encodeURIComponent(location)}`} replace />;
  }
  return <>{children}</>;
}

/** /creator/new and /creator/:videoAuthOrId/setup (spec 1, section 2.2). */
export function SetupPage({ params }: { params: Record<string, string | undefined> }) {
  return (
    <SetupGate param={params.videoAuthOrId}>
      <CreatorFrame videoAuthOrId={params.videoAuthOrId}>
        <SetupScreen />
      </CreatorFrame>
    </SetupGate>
  );
}

const ownerFromQuery = (): number | undefined => {
  const id = new URLSearchParams(window.location.search).get('user_id');
  return id && /^\d+$/.test(id) ? Number(id) : undefined;
};

function SetupScreen() {
  const creator = useCreatorContext();
  const { user } = useMe();
  const { ref, video, organization, props, error, announced } = creator;
  if (error && announced === null) return <Alert severity="error">{error.message}</Alert>;
  if (!ref || !props || !organization || (ref.kind !== 'new' && !video && announced === null)) return <Waiting />;
  // A video made on this page keeps its form; another video gets a fresh one.
  const formKey = ref.kind === 'new' || (ref.kind === 'id' && ref.id === announced) ? 'made-here' : `video-${video?.id}`;
  return (
    <SetupForm
      key={formKey}
      initial={video && formKey !== 'made-here' ? setupValuesOf(video) : newVideoValues(organization)}
      videoId={video?.id ?? announced}
      videoRef={ref.kind === 'link' ? ref.hash : ref.kind === 'id' ? ref.id : null}
      props={props}
      organization={organization}
      userId={ref.kind === 'link' ? null : (user?.id ?? null)}
      ownerId={ownerFromQuery()}
      foreignId={video?.foreignId}
      announceVideoId={creator.announceVideoId}
    />
  );
}
