import { useState } from 'react';
import { isValidPhone, maskPhone, SMS_LIMIT, smsLength, withTrailingSpace } from '../../../../common/share-rules.ts';
import { FormDialog, InvalidForm } from '../settings/index.ts';
import { sendShareSms } from './api.ts';
import { EntryList } from './EntryList.tsx';
import { MessageField } from './MessageField.tsx';
import type { ShareProps } from './types.ts';

interface Props {
  share: ShareProps;
  onClose: () => void;
  onSent: () => void;
}

/** Text message share (spec 1, sections 2.12 and 5): numbers as (NNN) NNN-NNNN and a message of at most 140 characters. */
export function TextShareDialog({ share, onClose, onSent }: Props) {
  const [numbers, setNumbers] = useState<string[]>([]);
  const [message, setMessage] = useState(share.text);
  const [tried, setTried] = useState(false);

  const submit = async () => {
    setTried(true);
    if (numbers.length === 0 || !numbers.every(isValidPhone)) throw new InvalidForm();
    await sendShareSms({ numbers, message: withTrailingSpace(message), videoId: share.videoId, shareType: share.shareType });
    onSent();
  };

  return (
    <FormDialog open title="Send by Text Message" submitLabel="Send Text Message" onClose={onClose} onSubmit={submit}>
      <EntryList
        label="Phone Number"
        name="phone"
        type="tel"
        placeholder="(555) 555-5555"
        format={maskPhone}
        validate={isValidPhone}
        invalidText="Enter the number as (NNN) NNN-NNNN."
        requiredText="Enter at least one phone number."
        showErrors={tried}
        onChange={setNumbers}
        autoFocus
      />
      <MessageField value={message} link={share.link} onChange={setMessage} limit={SMS_LIMIT} length={smsLength} />
    </FormDialog>
  );
}
