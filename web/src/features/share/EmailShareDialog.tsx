import { TextField } from '@mui/material';
import { useState } from 'react';
import { isValidEmail } from '../../../../common/share-rules.ts';
import { FormDialog, InvalidForm } from '../settings/index.ts';
import { sendShareEmail } from './api.ts';
import { EntryList } from './EntryList.tsx';
import { MessageField } from './MessageField.tsx';
import type { ShareProps } from './types.ts';

interface Props {
  share: ShareProps;
  onClose: () => void;
  onSent: () => void;
}

/** Email share (spec 1, sections 2.12 and 5): recipients, an optional reply address, subject and message. */
export function EmailShareDialog({ share, onClose, onSent }: Props) {
  const [emails, setEmails] = useState<string[]>([]);
  const [replyTo, setReplyTo] = useState(share.replyTo);
  const [replyTouched, setReplyTouched] = useState(false);
  const [subject, setSubject] = useState(share.emailSubject);
  const [message, setMessage] = useState(share.email);
  const [tried, setTried] = useState(false);
  const replyInvalid = replyTo.trim() !== '' && !isValidEmail(replyTo);

  const submit = async () => {
    setTried(true);
    setReplyTouched(true);
    if (emails.length === 0 || !emails.every(isValidEmail) || replyInvalid) throw new InvalidForm();
    await sendShareEmail({
      link: share.link,
      emails,
      message,
      subject: subject.trim(),
      fromName: share.fromName,
      replyTo: replyTo.trim(),
      videoId: share.videoId,
      shareType: share.shareType,
    });
    onSent();
  };

  return (
    <FormDialog open title="Send by Email" submitLabel="Send Email" onClose={onClose} onSubmit={submit}>
      <EntryList
        label="Email Address"
        name="email"
        type="email"
        validate={isValidEmail}
        invalidText="Enter a valid email address."
        requiredText="Enter at least one email address."
        showErrors={tried}
        onChange={setEmails}
        autoFocus
      />
      <TextField
        label="Reply Address"
        name="reply_to"
        type="email"
        value={replyTo}
        onChange={(e) => setReplyTo(e.target.value)}
        onBlur={() => setReplyTouched(true)}
        error={replyTouched && replyInvalid}
        helperText={replyTouched && replyInvalid ? 'Enter a valid email address, or leave it blank.' : '(Leave blank to disable replies)'}
        fullWidth
        size="small"
      />
      <TextField label="Subject" name="subject" value={subject} onChange={(e) => setSubject(e.target.value)} fullWidth size="small" />
      <MessageField value={message} link={share.link} onChange={setMessage} />
    </FormDialog>
  );
}
