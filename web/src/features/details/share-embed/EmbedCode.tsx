import { ContentCopy } from '@mui/icons-material';
import { Box, Button, FormControlLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { copyText } from '../../share/index.ts';
import { useStoredBoolean } from '../../videos/index.ts';
import type { EmbedSettings } from './api.ts';

/** Spec 3 section 2.4: the embed style is remembered for every video under this key. */
export const RESPONSIVE_EMBED_KEY = 'creator.details.responsiveEmbed';
/** How long the Copy button says Copied. */
const COPIED_MS = 2500;

/**
 * The manual embed code: responsive or fixed, in a 9-row read-only box with a Copy button. Without a fixed-width
 * code (no web video yet) the choice is off and the responsive code is shown (spec 3 section 5).
 */
export function EmbedCode({ codes }: { codes: EmbedSettings['embedCodes'] }) {
  const [responsiveChoice, setResponsive] = useStoredBoolean(RESPONSIVE_EMBED_KEY, true);
  const responsive = responsiveChoice || codes.fixed === null;
  const code = responsive ? codes.responsive : (codes.fixed ?? codes.responsive);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const labelId = useId();

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await copyText(code);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <Box>
      <Typography id={labelId} variant="h3" sx={{ fontSize: '1rem', mb: 0.5 }}>
        Embed Code
      </Typography>
      <RadioGroup row aria-labelledby={labelId} value={responsive ? 'responsive' : 'fixed'} onChange={(e) => setResponsive(e.target.value === 'responsive')}>
        <FormControlLabel value="responsive" control={<Radio size="small" />} label="Responsive" disabled={codes.fixed === null} />
        <FormControlLabel value="fixed" control={<Radio size="small" />} label="Fixed width" disabled={codes.fixed === null} />
      </RadioGroup>
      {codes.fixed === null && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          A fixed-width code is offered once the web video has been made.
        </Typography>
      )}
      <TextField
        value={code}
        multiline
        rows={9}
        fullWidth
        onFocus={(e) => e.target.select()}
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false, 'aria-label': 'Embed code', 'data-testid': 'embed-code' }, input: { sx: { fontFamily: 'monospace', fontSize: '0.8125rem' } } }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1 }}>
        <Button variant="contained" startIcon={<ContentCopy />} onClick={() => void copy()}>
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </Button>
        <Typography role="status" variant="body2" color={copied === 'failed' ? 'error' : 'text.secondary'}>
          {copied === 'yes' ? 'The embed code is on the clipboard.' : copied === 'failed' ? 'The code could not be copied. Select it and copy it by hand.' : ''}
        </Typography>
      </Box>
    </Box>
  );
}
