import { Typography } from '@mui/material';
import { InfoDialog } from './InfoDialog.tsx';
import { megabytes } from './rules.ts';

interface Props {
  open: boolean;
  hdSize: number | null;
  onClose: () => void;
}

/** The Download HD button's More Info: what the file is, how big, and how to play it. */
export function HdInfoDialog({ open, hdSize, onClose }: Props) {
  return (
    <InfoDialog open={open} title="About the HD video" onClose={onClose}>
      <Typography sx={{ mb: 1.5 }}>
        The HD video is the finished video as one high-definition (720p) MP4 file, with H.264 video and AAC sound. It is
        the best copy for showing at a service, keeping, or sharing as a file.
      </Typography>
      <Typography sx={{ mb: 1.5 }}>
        <strong>Size:</strong> {hdSize === null ? 'known once the video is complete' : megabytes(hdSize)}
      </Typography>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        How to play it
      </Typography>
      <Typography component="ul" sx={{ pl: 2.5, mt: 0.5, '& li': { mb: 0.75 } }}>
        <li>On a computer, open the downloaded file: it plays in the built-in player of Windows or macOS, or in VLC.</li>
        <li>On a phone or tablet, open it from your downloads or save it to your photos or files.</li>
        <li>On a television, copy it to a USB drive and plug that into a TV or player that plays USB video.</li>
        <li>At a service, play it full screen from a laptop connected to the projector or screen.</li>
      </Typography>
      <Typography color="text.secondary">A DVD player needs the DVD instead of this file.</Typography>
    </InfoDialog>
  );
}
