import { FormControlLabel, Switch } from '@mui/material';
import { useRef, useState } from 'react';
import { OVERRIDE_CONFIRMATION, overrideOffered } from '../../../../../common/length-override.ts';
import { ConfirmDialog } from '../../../ui/index.ts';
import type { VideoDetails } from '../api.ts';
import { toggleOverride } from './api.ts';

interface Props {
  video: VideoDetails;
  reload: () => void;
}

/** Whether the admin's length override switch shows for this video (spec 3 section 5). */
export const showsOverride = (video: VideoDetails): boolean =>
  Boolean(video.details) &&
  overrideOffered({
    durationSeconds: video.videoDuration,
    limitMinutes: video.lengthLimit,
    maxOverrideMinutes: video.details!.maxOverrideLength,
    override: video.overrideLengthLimit,
  });

/**
 * Spec 3 sections 4.9 and 8: off to on asks first; a click while the request is pending does nothing; the
 * server's errors are alerted and the switch shows the server's state again.
 */
export function LengthOverrideSwitch({ video, reload }: Props) {
  const [checked, setChecked] = useState(video.overrideLengthLimit);
  const [confirming, setConfirming] = useState(false);
  const pending = useRef(false);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (pending.current) return;
    pending.current = true;
    setBusy(true);
    try {
      const reply = await toggleOverride(video.id);
      setChecked(reply.checked);
    } catch {
      setChecked(video.overrideLengthLimit);
    } finally {
      pending.current = false;
      setBusy(false);
      reload();
    }
  };

  const onChange = () => {
    if (pending.current) return;
    if (!checked) setConfirming(true);
    else void send();
  };

  return (
    <>
      <FormControlLabel
        control={<Switch checked={checked} onChange={onChange} aria-busy={busy} />}
        label={checked ? 'Override on: the length limit does not apply' : `Off (limit ${video.lengthLimit} minutes)`}
      />
      <ConfirmDialog
        open={confirming}
        title="Override the length limit?"
        message={OVERRIDE_CONFIRMATION}
        confirmLabel="Proceed"
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void send();
        }}
      />
    </>
  );
}
