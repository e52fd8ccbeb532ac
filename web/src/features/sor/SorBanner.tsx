import { Close } from '@mui/icons-material';
import { Alert, Button, IconButton, Stack } from '@mui/material';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Link, useLocation } from 'wouter';
import { NAVBAR_KEY, useMe } from '../../api/index.ts';
import { dismissSor } from './api.ts';
import { SOR_BANNER_THRESHOLD } from './sor-rules.ts';
import { useSorCount } from './useSorCount.ts';

/**
 * The Service of Remembrance invitation (spec 1, sections 2.10 and 4), shown where the top bar says it may be:
 * hidden on /sor, while the count loads, under 10 videos this year, and after it is dismissed for the year.
 */
export function SorBanner({ sx }: { sx?: object }) {
  const [location] = useLocation();
  const { user } = useMe();
  const count = useSorCount(user?.id);
  const { mutate } = useSWRConfig();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || location === '/sor' || count === undefined || count < SOR_BANNER_THRESHOLD) return null;

  const dismiss = () => {
    setDismissed(true);
    void dismissSor()
      .then(() => mutate((key) => Array.isArray(key) && key[0] === NAVBAR_KEY))
      .catch(() => undefined);
  };

  return (
    <Alert
      severity="success"
      sx={{
        ...sx,
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 }, width: { xs: '100%', sm: 'auto' }, justifyContent: 'flex-end' },
      }}
      data-testid="sor-banner"
      action={
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Button component={Link} href="/sor" color="inherit" size="small" variant="outlined">
            Create Service of Remembrance
          </Button>
          <IconButton color="inherit" size="small" aria-label="Dismiss for this year" onClick={dismiss}>
            <Close fontSize="small" />
          </IconButton>
        </Stack>
      }
    >
      Your organization has finished {count} videos this year. Honor the families you served with a Service of Remembrance video.
    </Alert>
  );
}
