import { CloudUpload, DeleteOutlined, ImageOutlined } from '@mui/icons-material';
import { Box, Button, CircularProgress, FormHelperText, Stack } from '@mui/material';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { LOGO_MAX_BYTES } from './api.ts';

interface Props {
  /** What the logo belongs to, for the image's text alternative and the buttons' names. */
  owner: string;
  url: string | null;
  onUpload: (file: File) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
  disabled?: boolean;
}

/** Shows a logo with Upload and Remove; refuses non-images and files over 5 MB before sending them. */
export function LogoPicker({ owner, url, onUpload, onRemove, disabled }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.type && !file.type.startsWith('image/')) return setError('That file is not a picture. Please choose a PNG, JPEG, GIF or WebP image.');
    if (file.size > LOGO_MAX_BYTES) return setError('The logo file is too large. Please choose one of 5 MB or less.');
    void run(() => onUpload(file));
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Box
        sx={{
          width: 160,
          height: 100,
          flexShrink: 0,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'background.default',
          overflow: 'hidden',
        }}
      >
        {url ? (
          <Box component="img" src={url} alt={`${owner} logo`} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
        ) : (
          <ImageOutlined color="disabled" aria-label="No logo yet" />
        )}
      </Box>
      <Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
          <Button
            variant="outlined"
            startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <CloudUpload />}
            disabled={disabled || busy}
            onClick={() => input.current?.click()}
            aria-describedby={helpId}
          >
            {url ? 'Replace logo' : 'Upload logo'}
          </Button>
          {/* Reached through the button above; hidden from the keyboard so there is one control, not two. */}
          <input ref={input} type="file" accept="image/*" onChange={choose} hidden aria-label={`Logo file for ${owner}`} />
          {url && (
            <Button color="error" startIcon={<DeleteOutlined />} disabled={disabled || busy} onClick={() => run(onRemove)} aria-label={`Remove the logo of ${owner}`}>
              Remove
            </Button>
          )}
        </Stack>
        <FormHelperText id={helpId} error={Boolean(error)} role={error ? 'alert' : undefined}>
          {error || 'PNG, JPEG, GIF or WebP up to 5 MB; it is resized to fit 600 x 600.'}
        </FormHelperText>
      </Box>
    </Stack>
  );
}
