import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { useMe, type VideoRef } from '../../api/index.ts';
import { useVideoDetails, videoKey, type VideoDetails } from '../details/index.ts';
import { usesStockMusic, type OrderReply } from './api.ts';
import { isAppPath, licenceRequired } from './rules.ts';

/** A finalize form inside the creator frame, which sets its width and margins: the finalize page and the order page. */
export function FinalizeFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <Typography variant="h1" sx={{ mb: 2, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
        Finalize video
      </Typography>
      {children}
    </>
  );
}

/** More a form needs loaded before it shows (the order page's products). */
export interface FinalizeNeeds {
  loading: boolean;
  error?: Error;
  retry: () => void;
}

interface GateProps {
  video: VideoRef;
  link: boolean;
  needs?: FinalizeNeeds;
  /** The form, once the video and whether its stock music licence must be agreed are known. */
  children: (video: VideoDetails, eulaRequired: boolean) => ReactNode;
}

/** Reads the video and its music (signed-in staff agree to the stock music licence), showing loading and failures. */
export function FinalizeGate({ video, link, needs, children }: GateProps) {
  const { user } = useMe();
  const details = useVideoDetails(video);
  const checkMusic = user !== null && !link;
  const stock = useSWR(checkMusic ? ['finalize-stock-music', String(video)] : null, () => usesStockMusic(video), { revalidateOnFocus: false });
  const failure = details.error?.message ?? (stock.error ? 'The music of this video could not be checked.' : needs?.error?.message);
  if (failure) {
    const retry = () => {
      details.reload();
      void stock.mutate();
      needs?.retry();
    };
    return (
      <FinalizeFrame>
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={retry}>Retry</Button>}>
          {failure}
        </Alert>
      </FinalizeFrame>
    );
  }
  if (!details.video || (checkMusic && stock.data === undefined) || needs?.loading) {
    return (
      <FinalizeFrame>
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      </FinalizeFrame>
    );
  }
  return <FinalizeFrame>{children(details.video, licenceRequired(user !== null, link, stock.data ?? false))}</FinalizeFrame>;
}

/**
 * Sends a finalize form: goes where the server says, or keeps its message to show. Finalizing changes the video (it is
 * now in the render queue), so the copy this page read is read again before leaving: the details page it goes to
 * reads the same key, and within SWR's two-second deduping it would take the copy from before finalizing and show
 * "Video is unfinished" without ever watching the render.
 */
export function useFinalizeSubmit(video: { id: number }, send: () => Promise<OrderReply>) {
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const submit = async () => {
    setSaving(true);
    setMessage(null);
    try {
      const reply = await send();
      if (reply.redirect) {
        await mutate(videoKey(video.id)).catch(() => undefined);
        if (isAppPath(reply.redirect)) navigate(reply.redirect);
        else window.location.assign(reply.redirect);
        return;
      }
      setMessage(reply.message ?? null);
    } catch {
      // Spec 1 section 8: a failed call only ends the saving state (the error dialog has said why).
    }
    setSaving(false);
  };
  return { saving, message, submit: () => void submit() };
}

/** Under the button: Finalizing... while it runs, then the server's message when it did not go ahead. */
export function FinalizeProgress({ saving, message }: { saving: boolean; message: string | null }) {
  return (
    <>
      {saving && (
        <Typography role="status" color="text.secondary">
          Finalizing...
        </Typography>
      )}
      {message && (
        <Alert severity="info" role="status" sx={{ alignSelf: 'stretch' }}>
          {message}
        </Alert>
      )}
    </>
  );
}
