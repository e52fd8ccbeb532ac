import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { logout, messageOf, switchBack } from './api.ts';
import { AuthCard } from './AuthCard.tsx';

interface Props {
  title: string;
  waiting: string;
  run: () => Promise<unknown>;
  destination: string;
}

/**
 * A page whose only job is one state-changing call (a GET link must never change state), followed by a full load
 * of the destination so nothing of the old session stays in memory.
 */
function SessionActionPage({ title, waiting, run, destination }: Props) {
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const perform = useCallback(async () => {
    setError(null);
    try {
      await run();
      window.location.assign(destination);
    } catch (err) {
      setError(messageOf(err));
    }
  }, [run, destination]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void perform();
  }, [perform]);

  return (
    <AuthCard title={title}>
      {error ? (
        <Stack spacing={2.5}>
          <Alert severity="error" role="alert">
            {error}
          </Alert>
          <Button variant="contained" onClick={() => void perform()}>
            Try again
          </Button>
        </Stack>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>{waiting}</Typography>
        </Box>
      )}
    </AuthCard>
  );
}

export function LogoutPage() {
  return <SessionActionPage title="Log out" waiting="Logging you out..." run={logout} destination="/users/login" />;
}

export function SwitchBackPage() {
  return <SessionActionPage title="Back to your account" waiting="Returning to your own account..." run={switchBack} destination="/settings/users" />;
}
