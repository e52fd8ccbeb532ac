import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../ui/index.ts';

interface Request {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  action: () => Promise<unknown>;
}

/**
 * Asks before a consequential change (disable, delete, revoke). Returns the dialog to render and `ask`.
 * Failures of the action were already shown by the API layer, so they only close the dialog.
 */
export function useConfirm(): [ReactNode, (request: Request) => void] {
  const [request, setRequest] = useState<Request | null>(null);
  const confirm = async () => {
    const current = request;
    setRequest(null);
    try {
      await current?.action();
    } catch {
      // Shown by the alert dialog.
    }
  };
  const dialog = (
    <ConfirmDialog
      open={request !== null}
      title={request?.title}
      message={request?.message ?? ''}
      confirmLabel={request?.confirmLabel}
      danger={request?.danger}
      onConfirm={confirm}
      onCancel={() => setRequest(null)}
    />
  );
  return [dialog, setRequest];
}
