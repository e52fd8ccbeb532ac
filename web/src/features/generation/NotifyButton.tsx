import { NotificationsActiveOutlined } from '@mui/icons-material';
import { Button } from '@mui/material';
import { useState } from 'react';
import { askNotifyPermission, notifyPermission, type NotifyPermission } from './notify.ts';

/**
 * Offers the browser notification while a render runs. Shown only while the browser has not been asked yet; the
 * permission prompt appears only after this button is pressed.
 */
export function NotifyButton() {
  const [permission, setPermission] = useState<NotifyPermission>(notifyPermission);
  if (permission !== 'default') return null;
  return (
    <Button
      size="small"
      startIcon={<NotificationsActiveOutlined />}
      onClick={() => void askNotifyPermission().then(setPermission)}
      sx={{ mt: 0.5, ml: -0.75, justifyContent: 'flex-start', textAlign: 'left' }}
    >
      Notify me when it is ready
    </Button>
  );
}
