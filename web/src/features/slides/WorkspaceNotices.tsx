import { Close } from '@mui/icons-material';
import { Alert, Button, IconButton, Snackbar } from '@mui/material';

/** Spec 2 section 9: the undo alert hides after 10 seconds. */
export const UNDO_HIDE_MS = 10000;

/** Remount it (key) for each delete so the 10 seconds start again. */
export function UndoSnackbar({ count, onUndo, onClose }: { count: number; onUndo(): void; onClose(): void }) {
  return (
    <Snackbar
      open={count > 0}
      autoHideDuration={UNDO_HIDE_MS}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      message={count === 1 ? 'You just deleted a slide!' : `You just deleted ${count} slides!`}
      action={
        <>
          <Button color="secondary" size="small" onClick={onUndo} sx={{ color: '#f0d9b5' }}>
            UNDO
          </Button>
          <IconButton size="small" aria-label="Close" color="inherit" onClick={onClose}>
            <Close fontSize="small" />
          </IconButton>
        </>
      }
    />
  );
}

export function ReorderErrorAlert({ reason, onRetry }: { reason: string; onRetry(): void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      Temporary problem saving the order of the slides: {reason}
    </Alert>
  );
}

export function NoticeAlert({ message, onClose }: { message: string | null; onClose(): void }) {
  return (
    <Snackbar open={message !== null} autoHideDuration={6000} onClose={(_, reason) => reason !== 'clickaway' && onClose()}>
      <Alert severity="warning" variant="filled" onClose={onClose} sx={{ width: '100%' }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
