import { DownloadOutlined, UploadFileOutlined } from '@mui/icons-material';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useRef, useState, type DragEvent } from 'react';
import { originalDownloadUrl, type Slide } from '../../../api/index.ts';
import { ConfirmDialog } from '../../../ui/index.ts';
import type { SlideEdits } from './useSlideEdits.ts';

/**
 * Spec 2 "Upload/download dialog" (Download to Edit): the original to edit elsewhere, and 'Upload and replace' by
 * picking or dropping the edited file. The reply's slide replaces this one and the dialog closes; a failure only
 * clears the busy flag. Closing during the upload asks before aborting it.
 */
export function ReplaceDialog({ slide, edits, onClose }: { slide: Slide; edits: SlideEdits; onClose(): void }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const [uploading, setUploading] = useState(false);
  const [asking, setAsking] = useState(false);
  const [over, setOver] = useState(false);

  const send = async (file: File | undefined) => {
    if (!file || uploading) return;
    const controller = new AbortController();
    upload.current = controller;
    setUploading(true);
    const replaced = await edits.replaceImage(slide.id, file, controller.signal);
    upload.current = null;
    setUploading(false);
    if (replaced) onClose();
  };

  const close = () => {
    if (uploading) setAsking(true);
    else onClose();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setOver(false);
    void send(event.dataTransfer.files[0]);
  };

  return (
    <>
      <Dialog open onClose={close} aria-labelledby="replace-title" maxWidth="xs" fullWidth>
        <DialogTitle id="replace-title">Download to Edit</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2">Download the original photo, edit it in any program, then upload it here to replace the slide's photo.</Typography>
            <Button variant="outlined" startIcon={<DownloadOutlined />} component="a" href={originalDownloadUrl(slide.id)} download>
              Download
            </Button>
            <Button variant="outlined" startIcon={uploading ? <CircularProgress size={18} /> : <UploadFileOutlined />} disabled={uploading} onClick={() => input.current?.click()}>
              Upload and replace
            </Button>
            <input ref={input} type="file" accept="image/*" hidden onChange={(e) => void send(e.target.files?.[0])} data-testid="replace-file" />
            <Box
              onDragOver={(e) => {
                e.preventDefault();
                e.stopPropagation();
                setOver(true);
              }}
              onDragLeave={() => setOver(false)}
              onDrop={onDrop}
              sx={{ border: '2px dashed', borderColor: over ? 'primary.main' : 'divider', borderRadius: 2, p: 3, textAlign: 'center', color: 'text.secondary' }}
            >
              {uploading ? 'Uploading...' : 'Drop file to upload and replace'}
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Close</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={asking}
        title="Upload in progress"
        message="File is still uploading. Abort the upload?"
        confirmLabel="Abort"
        danger
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          upload.current?.abort();
          onClose();
        }}
      />
    </>
  );
}
