import { Delete, Upload } from '@mui/icons-material';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useRef, useState } from 'react';

interface Props {
  id: string;
  label: string;
  imageUrl: string | null;
  disabled?: boolean;
  onUpload(file: File): Promise<void>;
  onRemove(): void;
}

/** A picture of the custom theme: its thumbnail, an upload button and Remove. */
export function PictureField({ id, label, imageUrl, disabled, onUpload, onRemove }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function choose(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    setBusy(true);
    try {
      await onUpload(file);
    } catch {
      // The API layer showed why.
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Box sx={{ width: 160, aspectRatio: '16 / 9', borderRadius: 1, bgcolor: 'grey.200', overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {imageUrl ? (
          <Box component="img" src={imageUrl} alt={label} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            No picture
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <input ref={input} id={id} type="file" accept="image/*" hidden onChange={(e) => void choose(e.target.files)} aria-label={label} />
        <Button variant="outlined" startIcon={busy ? <CircularProgress size={16} aria-label="Uploading" /> : <Upload />} disabled={disabled || busy} onClick={() => input.current?.click()}>
          {imageUrl ? 'Replace' : 'Upload'} {label}
        </Button>
        {imageUrl && (
          <Button startIcon={<Delete />} disabled={disabled || busy} onClick={onRemove}>
            Remove
          </Button>
        )}
      </Box>
    </Box>
  );
}
