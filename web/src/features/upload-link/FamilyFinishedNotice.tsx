import { LockOpen } from '@mui/icons-material';
import { Alert, AlertTitle, Box, Button, CircularProgress } from '@mui/material';
import { LinkActivity } from './LinkActivity.tsx';
import type { UploadLink } from './api.ts';

interface Props {
  link: UploadLink;
  busy: boolean;
  onReopen: () => void;
}

/** Spec 1, sections 2.5 and 4: once the family pressed Done the link is closed, until the staff open it again. */
export function FamilyFinishedNotice({ link, busy, onReopen }: Props) {
  return (
    <Alert severity="success" data-testid="family-finished" sx={{ '& .MuiAlert-message': { flexGrow: 1 } }}>
      <AlertTitle>The family has finished uploading</AlertTitle>
      <Box sx={{ mb: 1 }}>They pressed Done, so the upload link is closed to them. Re-enable it to let them add more.</Box>
      <LinkActivity link={link} />
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        startIcon={busy ? <CircularProgress size={14} color="inherit" aria-hidden /> : <LockOpen />}
        onClick={onReopen}
        disabled={busy}
        sx={{ mt: 2 }}
      >
        Re-enable Link
      </Button>
    </Alert>
  );
}
