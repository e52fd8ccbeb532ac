import { TextField } from '@mui/material';
import { useState } from 'react';
import { formatTime, parseTime } from '../../../../common/time-format.ts';

interface Props {
  id: string;
  label: string;
  seconds: number;
  helperText: string;
  /** An extra problem found outside the field (the trims together), shown when the field itself is fine. */
  extraError?: string | null;
  disabled?: boolean;
  /** The parsed seconds, or null while the text is not a valid time. */
  onChange(seconds: number | null): void;
}

/** A MM:SS.00 field: parsed and checked on blur (spec 1 section 5), the error shown as helper text. */
export function TimeField({ id, label, seconds, helperText, extraError, disabled, onChange }: Props) {
  const [text, setText] = useState(() => formatTime(seconds));
  const [error, setError] = useState<string | null>(null);

  const check = () => {
    const parsed = parseTime(text);
    if (!parsed.ok) {
      setError(parsed.error);
      onChange(null);
      return;
    }
    setError(null);
    setText(formatTime(parsed.seconds));
    onChange(parsed.seconds);
  };

  const shown = error ?? extraError ?? null;
  return (
    <TextField
      id={id}
      label={label}
      value={text}
      disabled={disabled}
      onChange={(event) => {
        setText(event.target.value);
        if (error) setError(null);
      }}
      onBlur={check}
      onKeyDown={(event) => event.key === 'Enter' && check()}
      error={shown !== null}
      helperText={shown ?? helperText}
      placeholder="MM:SS.00"
      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', spellCheck: false } }}
      fullWidth
    />
  );
}
