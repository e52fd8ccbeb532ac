import { TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';

const COMMIT_DELAY_MS = 400;

interface Props {
  id: string;
  label: string;
  value: string;
  type?: 'text' | 'color';
  maxLength?: number;
  disabled?: boolean;
  onCommit(value: string): void;
}

/**
 * A field that saves when the person pauses or leaves it, not on every keystroke or every colour the picker
 * passes through while dragged.
 */
export function DraftField({ id, label, value, type = 'text', maxLength, disabled, onCommit }: Props) {
  const [draft, setDraft] = useState(value);
  const timer = useRef<number | undefined>(undefined);
  const committed = useRef(value);

  useEffect(() => {
    committed.current = value;
    setDraft(value);
  }, [value]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const commit = (next: string) => {
    window.clearTimeout(timer.current);
    if (next === committed.current || (type === 'text' && !next.trim())) return;
    committed.current = next;
    onCommit(next);
  };

  return (
    <TextField
      id={id}
      label={label}
      type={type}
      size="small"
      value={draft}
      disabled={disabled}
      onChange={(e) => {
        setDraft(e.target.value);
        window.clearTimeout(timer.current);
        const next = e.target.value;
        timer.current = window.setTimeout(() => commit(next), COMMIT_DELAY_MS);
      }}
      onBlur={() => commit(draft)}
      error={type === 'text' && !draft.trim()}
      helperText={type === 'text' && !draft.trim() ? 'Please enter a name.' : undefined}
      slotProps={{ htmlInput: { maxLength } }}
      sx={type === 'color' ? { width: 140 } : { flex: '1 1 240px' }}
    />
  );
}
