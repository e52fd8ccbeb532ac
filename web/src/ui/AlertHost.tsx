import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import { useEffect, useState } from 'react';
import { setAlertHandler } from '../api/index.ts';

/** Shows server errors (the first of `errors`) in a dialog instead of the browser's alert box. */
export function AlertHost() {
  const [messages, setMessages] = useState<string[]>([]);
  useEffect(() => {
    setAlertHandler((message) => setMessages((m) => [...m, message]));
    return () => setAlertHandler(undefined);
  }, []);
  const close = () => setMessages((m) => m.slice(1));
  return (
    <Dialog open={messages.length > 0} onClose={close} aria-describedby="app-alert-text">
      <DialogContent>
        <DialogContentText id="app-alert-text" role="alert">
          {messages[0]}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
