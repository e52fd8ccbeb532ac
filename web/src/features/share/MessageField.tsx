import { Box, TextField } from '@mui/material';
import { useState } from 'react';
import { keepsLink } from '../../../../common/share-rules.ts';

interface Props {
  value: string;
  link: string;
  onChange: (value: string) => void;
  /** The text message's cap: longer edits are rejected and a counter shows. */
  limit?: number;
  length?: (value: string) => number;
}

const LINK_RULE = 'The link must stay on a line of its own.';

/**
 * The message of a share (spec 1, section 5): it must keep the link after a line break, so an edit that would
 * remove or break it is rejected and the reason shown.
 */
export function MessageField({ value, link, onChange, limit, length = (v) => [...v].length }: Props) {
  const [refused, setRefused] = useState<string | null>(null);
  const edit = (next: string) => {
    if (!keepsLink(next, link)) return setRefused(LINK_RULE);
    if (limit !== undefined && length(next) > limit) return setRefused(`A text message holds at most ${limit} characters.`);
    setRefused(null);
    onChange(next);
  };
  const counter = limit !== undefined ? `${length(value)}/${limit}` : null;
  return (
    <TextField
      label="Message"
      name="message"
      value={value}
      onChange={(e) => edit(e.target.value)}
      onBlur={() => setRefused(null)}
      multiline
      minRows={limit ? 3 : 6}
      fullWidth
      helperText={
        refused || counter ? (
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <Box component="span" sx={{ color: 'error.main' }} role="status">
              {refused}
            </Box>
            {counter && <span>{counter}</span>}
          </Box>
        ) : undefined
      }
    />
  );
}
