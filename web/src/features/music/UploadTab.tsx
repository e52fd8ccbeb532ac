import { CloudUploadOutlined, GavelRounded } from '@mui/icons-material';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useRef } from 'react';

interface Props {
  /** Family members on an upload link skip the licence agreement (spec 1 section 2.7). */
  anonymous: boolean;
  accepted: boolean;
  /** Files dropped on the page before the agreement, uploaded once it is accepted. */
  heldFiles: number;
  onAccept(): void;
  onFiles(files: File[]): void;
}

function LicenceTerms({ onAccept, heldFiles }: { onAccept(): void; heldFiles: number }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="licence-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <GavelRounded color="primary" />
        <Typography id="licence-heading" variant="h3" component="h3" sx={{ fontSize: '1.0625rem' }}>
          Music licence
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        By uploading music you confirm that you own it or have the right to use it in this video, including on DVDs, downloads
        and online sharing.
      </Typography>
      <Typography variant="body2" sx={{ mb: 2, color: 'text.secondary' }}>
        You are responsible for the music you upload. Songs from the stock library are already licensed for your videos.
      </Typography>
      {heldFiles > 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {heldFiles === 1 ? 'The file you dropped uploads' : `The ${heldFiles} files you dropped upload`} once you accept.
        </Alert>
      )}
      <Button variant="contained" onClick={onAccept}>
        Agree and Accept
      </Button>
    </Paper>
  );
}

/** Upload tab: the licence first for signed-in users, then the file picker (dropping files on the page works too). */
export function UploadTab({ anonymous, accepted, heldFiles, onAccept, onFiles }: Props) {
  const input = useRef<HTMLInputElement>(null);
  if (!anonymous && !accepted) return <LicenceTerms onAccept={onAccept} heldFiles={heldFiles} />;
  return (
    <Box
      sx={{
        border: '2px dashed',
        borderColor: 'divider',
        borderRadius: 3,
        textAlign: 'center',
        px: 2,
        py: { xs: 4, sm: 6 },
      }}
    >
      <CloudUploadOutlined color="primary" sx={{ fontSize: 48 }} />
      <Typography sx={{ mt: 1, mb: 2 }}>Choose audio files from your device, or drop them anywhere on the page.</Typography>
      <Button variant="contained" component="label">
        Choose Audio Files
        <input
          ref={input}
          type="file"
          accept="audio/*,.mp3,.m4a,.aac,.wav,.flac,.ogg,.oga,.opus,.wma,.aif,.aiff"
          multiple
          data-testid="song-file-input"
          tabIndex={-1}
          style={visuallyHidden}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            if (input.current) input.current.value = '';
            if (files.length) onFiles(files);
          }}
        />
      </Button>
      <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
        MP3, M4A, WAV, FLAC and other common audio formats.
      </Typography>
    </Box>
  );
}
