import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, useMediaQuery, useTheme } from '@mui/material';
import { useId, useState, type FormEvent, type ReactNode } from 'react';

interface Props {
  open: boolean;
  title: string;
  submitLabel: string;
  onClose: () => void;
  /**
   * Runs on submit. Resolve to close; a rejection keeps the dialog open (server errors have already been shown
   * by the API layer's alert dialog, field errors beside their fields).
   */
  onSubmit: () => Promise<void>;
  children: ReactNode;
}

/** A create or edit form in a dialog; full screen on phones. */
export function FormDialog({ open, title, submitLabel, onClose, onSubmit, children }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await onSubmit();
    } catch {
      // Shown already; the form stays open for a correction.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {/* A flex column, so a long form scrolls between a fixed title and fixed buttons. */}
      <form onSubmit={submit} noValidate style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} aria-hidden /> : undefined}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
