import { Stack, TextField } from '@mui/material';
import { useRef, useState } from 'react';
import { filledEntries } from '../../../../common/share-rules.ts';

interface Entry {
  key: number;
  value: string;
  touched: boolean;
}

interface Props {
  /** 'Email Address', 'Phone Number': the blank input after filled ones reads 'Another {label}'. */
  label: string;
  type: 'email' | 'tel';
  name: string;
  validate: (value: string) => boolean;
  invalidText: string;
  /** Shown on the first input when the list is sent empty. */
  requiredText: string;
  /** Rewrites what is typed (the phone mask). */
  format?: (value: string) => string;
  placeholder?: string;
  /** Set after a send was tried: every entry shows its error, not only those left already. */
  showErrors: boolean;
  onChange: (filled: string[]) => void;
  autoFocus?: boolean;
}

/**
 * An editable list of recipients (spec 1, section 5): one blank input is always offered after the last entry,
 * empty entries are dropped when left, and an invalid entry is flagged once it has been left.
 */
export function EntryList({ label, type, name, validate, invalidText, requiredText, format, placeholder, showErrors, onChange, autoFocus }: Props) {
  const nextKey = useRef(1);
  const [entries, setEntries] = useState<Entry[]>([{ key: 0, value: '', touched: false }]);

  const update = (next: Entry[]) => {
    setEntries(next);
    onChange(filledEntries(next.map((e) => e.value)));
  };
  const blank = (): Entry => ({ key: nextKey.current++, value: '', touched: false });

  const edit = (index: number, raw: string) => {
    const value = format ? format(raw) : raw;
    const next = entries.map((e, i) => (i === index ? { ...e, value } : e));
    if (index === next.length - 1 && value.trim() !== '') next.push(blank());
    update(next);
  };

  const leave = (index: number) => {
    const marked = entries.map((e, i) => (i === index ? { ...e, touched: true } : e));
    const last = marked[marked.length - 1];
    update([...marked.filter((e) => e.value.trim() !== ''), last.value.trim() === '' ? last : blank()]);
  };

  const nothingFilled = entries.every((e) => e.value.trim() === '');
  return (
    <Stack spacing={1.5}>
      {entries.map((entry, index) => {
        const last = index === entries.length - 1;
        const invalid = entry.value.trim() !== '' && (entry.touched || showErrors) && !validate(entry.value);
        const missing = showErrors && nothingFilled && index === 0;
        return (
          <TextField
            key={entry.key}
            label={last && index > 0 ? `Another ${label}` : label}
            name={name}
            type={type}
            value={entry.value}
            placeholder={placeholder}
            autoComplete="off"
            autoFocus={autoFocus && index === 0}
            onChange={(e) => edit(index, e.target.value)}
            onBlur={() => leave(index)}
            error={invalid || missing}
            helperText={invalid ? invalidText : missing ? requiredText : undefined}
            slotProps={{ htmlInput: type === 'tel' ? { inputMode: 'tel' } : undefined }}
            fullWidth
            size="small"
          />
        );
      })}
    </Stack>
  );
}
