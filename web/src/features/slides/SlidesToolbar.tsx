import { AddPhotoAlternateOutlined, AutoAwesomeOutlined, TextFields, VideoLibrary } from '@mui/icons-material';
import { Box, Button } from '@mui/material';
import { useRef } from 'react';
import { Link } from 'wouter';
import { MoreToolsMenu, type MoreToolsProps } from './MoreToolsMenu.tsx';

/** Files the picker offers: every image and video, plus HEIC/HEIF that some systems do not type as images. */
export const UPLOAD_ACCEPT = 'image/*,video/*,.heic,.heif';

interface Props extends MoreToolsProps {
  canEdit: boolean;
  showSamples: boolean;
  textSlideHref: string;
  onFiles(files: File[]): void;
  /** Opens the stock video dialog (Add Stock Videos). */
  onStockVideos?(): void;
}

/** The creator Slides step toolbar (spec 2 "Slides toolbar"). */
export function SlidesToolbar({ canEdit, showSamples, textSlideHref, onFiles, onStockVideos, ...more }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Box data-keep-selection sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <input
        ref={input}
        type="file"
        multiple
        accept={UPLOAD_ACCEPT}
        hidden
        aria-label="Photos and videos to upload"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
      <Button variant="contained" startIcon={<AddPhotoAlternateOutlined />} onClick={() => input.current?.click()}>
        Add Photos/Videos
      </Button>
      {canEdit && (
        <Button variant="outlined" startIcon={<TextFields />} component={Link} href={textSlideHref}>
          Add Text Slide
        </Button>
      )}
      {onStockVideos && (
        <Button variant="outlined" startIcon={<VideoLibrary />} onClick={onStockVideos}>
          Add Stock Videos
        </Button>
      )}
      {showSamples && (
        <Button variant="outlined" startIcon={<AutoAwesomeOutlined />} onClick={more.onInsertSamples}>
          Insert Samples
        </Button>
      )}
      {canEdit && <MoreToolsMenu {...more} />}
    </Box>
  );
}
