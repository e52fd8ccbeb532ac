import { Alert, AlertTitle, Button } from '@mui/material';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { makeVideoEditable } from '../../api/index.ts';
import { ConfirmDialog } from '../../ui/index.ts';
import type { CreatorProps } from './creator-props.ts';

export const EDIT_WARNING = 'The video cannot be streamed while it is open for editing. It will need to be finalized again.';

type Props = Pick<CreatorProps, 'editable' | 'manageable' | 'isAnonymous' | 'organizationName' | 'editLink'> & {
  /** After reopening, so every page reads the video afresh. */
  onReopened(): void;
};

function contactText({ isAnonymous, organizationName }: Pick<Props, 'isAnonymous' | 'organizationName'>): string | null {
  if (!isAnonymous) return null;
  return organizationName
    ? `Please contact ${organizationName} if something needs to change.`
    : 'Please contact the person who sent you the link to the video creator if something needs to change.';
}

/** Spec 1, section 2.1: shown on creator pages of read-only videos; staff who manage the video may reopen it. */
export function ReadOnlyNotice(props: Props) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const { editable, manageable, editLink, onReopened } = props;

  async function reopen(link: string) {
    setAsking(false);
    setBusy(true);
    try {
      const reply = await makeVideoEditable(link);
      onReopened();
      navigate(reply.redirect);
    } catch {
      // The failure was shown by the API layer's alert.
    } finally {
      setBusy(false);
    }
  }

  const contact = contactText(props);
  return (
    <>
      <Alert
        severity="info"
        sx={{ mt: 2 }}
        action={
          manageable && editLink ? (
            <Button color="inherit" variant="outlined" size="small" disabled={busy} onClick={() => setAsking(true)}>
              Edit
            </Button>
          ) : undefined
        }
      >
        <AlertTitle>Read-Only</AlertTitle>
        Uploads and edits are disabled.{!editable && ' The video has already been finalized.'}
        {contact && ` ${contact}`}
      </Alert>
      {editLink && (
        <ConfirmDialog
          open={asking}
          title="Edit this video?"
          message={EDIT_WARNING}
          confirmLabel="Edit"
          onConfirm={() => void reopen(editLink)}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
