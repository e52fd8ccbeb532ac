import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';

/** The dialog AlertHost shows a server error in. */
export default function AlertDialog({ message, onClose }: { message: string | undefined; onClose(): void }) {
  return (
    // Named by its message: without a title MUI would point aria-labelledby at a title that is not there.
    <Dialog open={message !== undefined} onClose={onClose} aria-labelledby="app-alert-text">
      <DialogContent>
        <DialogContentText id="app-alert-text" role="alert">
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
