import { Button, Typography } from '@mui/material';
import { Link, Redirect } from 'wouter';
import { useMe } from '../api/index.ts';
import { Page } from '../ui/Page.tsx';

export function HomeRedirect() {
  const { me } = useMe();
  if (!me) return null;
  return <Redirect to={me.user ? '/dashboard' : '/users/login'} replace />;
}

export function NotFoundPage() {
  return (
    <Page title="Page not found" maxWidth="sm">
      <Typography sx={{ mb: 2 }}>There is nothing at this address. It may have been moved or deleted.</Typography>
      <Button component={Link} href="/" variant="contained">
        Go to the start page
      </Button>
    </Page>
  );
}
