import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';

/** The dialog AlertHost shows a server error in. */
export default function AlertDialog({ message, onClose }: { message: string | undefined; onClose(): void }) {
  return (
    <Dialog open={message !== undefined} onClose={onClose} aria-describedby="app-alert-text">
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
