import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { memo } from 'react';
import { uploadProgressText } from './format.ts';
import type { UploadItem } from './uploads/index.ts';

interface Props {
  item: UploadItem;
  x: number;
  width: number;
  height: number;
  onCancel(uploadId: string): void;
}

/** A file on its way (spec 2 "Uploading tile"): name, 'N% of size', Cancel, and 'Processing...' once all sent. */
export const UploadTile = memo(function UploadTile({ item, x, width, height, onCancel }: Props) {
  const sent = item.state === 'processing' || item.progress >= 1;
  const small = height < 110;
  return (
    <Box
      role="listitem"
      aria-label={`Uploading ${item.fileName}`}
      data-testid="upload-tile"
      data-upload-id={item.uploadId}
      sx={{ position: 'absolute', top: 0, height, borderRadius: '6px', overflow: 'hidden', bgcolor: '#e9e5de' }}
      style={{ left: x, width }}
    >
      {item.previewUrl && (
        <Box component="img" src={item.previewUrl} alt="" draggable={false} sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', opacity: 0.35 }} />
      )}
      <Box sx={{ position: 'absolute', inset: 0, p: small ? 0.5 : 1, display: 'flex', flexDirection: 'column', justifyContent: 'center', gap: 0.25, minWidth: 0 }}>
        <Typography noWrap title={item.fileName} sx={{ fontSize: small ? 10 : 13, fontWeight: 600 }}>
          {item.fileName}
        </Typography>
        <Typography noWrap sx={{ fontSize: small ? 10 : 12, color: 'text.secondary' }}>
          {sent ? 'Processing...' : uploadProgressText(item.progress, item.size)}
        </Typography>
        {!sent && (
          <Button
            size="small"
            onClick={() => onCancel(item.uploadId)}
            aria-label={`Cancel ${item.fileName}`}
            sx={{ alignSelf: 'flex-start', minWidth: 0, px: small ? 0.5 : 1, py: 0, fontSize: small ? 10 : 13 }}
          >
            Cancel
          </Button>
        )}
      </Box>
      <LinearProgress
        variant={item.state === 'loading' ? 'indeterminate' : 'determinate'}
        value={Math.round(item.progress * 100)}
        aria-label={`Upload progress of ${item.fileName}`}
        sx={{ position: 'absolute', left: 0, right: 0, bottom: 0 }}
      />
    </Box>
  );
});
