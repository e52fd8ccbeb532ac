import { CheckCircle, PhotoLibrary } from '@mui/icons-material';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link, Redirect } from 'wouter';
import { ServerProblem } from '../../api/index.ts';
import { ConfirmDialog } from '../../ui/index.ts';
import { CreatorFrame } from '../creator/index.ts';
import { VideoRefGate } from '../slides/index.ts';
import { markUploadsDone, useFamilyLink, type FamilyLink } from './api.ts';

function Frame({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
      {children}
    </Paper>
  );
}

function ThankYou({ organization }: { organization: string | null }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }} data-testid="family-thank-you" role="status">
      <CheckCircle color="success" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' } }}>
        Thank you
      </Typography>
      <Typography sx={{ maxWidth: 560 }}>
        {organization ?? 'The person who sent you the link'} has been told that you are finished. The link is now closed; if you find more photos,
        ask them to open it again.
      </Typography>
    </Stack>
  );
}

function Finish({ hash, link }: { hash: string; link: FamilyLink }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const who = link.organizationName ?? 'the person who sent you the link';

  const finish = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await markUploadsDone(hash);
      setDone(true);
    } catch {
      // The alert dialog has said why; the button is there to try again.
    } finally {
      setBusy(false);
    }
  };

  if (done) return <ThankYou organization={link.organizationName} />;
  return (
    <Stack spacing={2.5}>
      <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' } }}>
        {link.title ? `Finish: ${link.title}` : 'Finish'}
      </Typography>
      <Typography>Your photos and clips are saved as soon as each one finishes uploading.</Typography>
      {link.uploadLinkDoneButton ? (
        <>
          <Typography>When you have added everything, press Done to let {who} know. The link then closes.</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button variant="contained" size="large" onClick={() => setConfirming(true)} disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <CheckCircle />}>
              Done
            </Button>
            <Button component={Link} href={`/creator/${hash}/slides`} size="large" startIcon={<PhotoLibrary />}>
              Add More Photos
            </Button>
          </Stack>
        </>
      ) : (
        <>
          <Typography>You can close this page now, or come back to this link later to add more while it is open.</Typography>
          <Box>
            <Button component={Link} href={`/creator/${hash}/slides`} variant="outlined" startIcon={<PhotoLibrary />}>
              Back to the Photos
            </Button>
          </Box>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Finished adding photos?"
        message="Once you press Done the link closes and you cannot add more photos through it."
        confirmLabel="Done"
        onConfirm={() => void finish()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}

function FamilyFinish({ hash }: { hash: string }) {
  const { data, error } = useFamilyLink(hash);
  if (error) {
    return (
      <Frame>
        <Alert severity="warning">
          {error instanceof ServerProblem && error.status === 404 ? 'This link is not valid. Please check it with the person who sent it to you.' : error.message}
        </Alert>
      </Frame>
    );
  }
  if (!data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  return (
    <Frame>
      <Finish hash={hash} link={data} />
    </Frame>
  );
}

/** /creator/{securityHash}/finish: the family's last step (spec 1, sections 2.1 and 2.5); staff go to the slides instead. */
export function FinishPage({ params }: { params: Record<string, string | undefined> }) {
  return (
    <VideoRefGate param={params.videoAuthOrId}>
      {(ref, link) =>
        link ? (
          <CreatorFrame videoAuthOrId={String(ref)}>
            <FamilyFinish key={String(ref)} hash={String(ref)} />
          </CreatorFrame>
        ) : (
          <Redirect to={`/creator/${ref}/slides`} replace />
        )
      }
    </VideoRefGate>
  );
}
