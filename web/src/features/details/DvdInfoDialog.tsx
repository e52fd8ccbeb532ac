import { Typography } from '@mui/material';
import { InfoDialog } from './InfoDialog.tsx';
import { megabytes } from './rules.ts';

interface Props {
  open: boolean;
  isoSize: number | null;
  onClose: () => void;
}

/** The Download DVD button's More Info: what the disc image is, how big, and how to burn it. */
export function DvdInfoDialog({ open, isoSize, onClose }: Props) {
  return (
    <InfoDialog open={open} title="About the DVD" onClose={onClose}>
      <Typography sx={{ mb: 1.5 }}>
        The DVD download is a disc image (an ISO file) of a DVD-Video disc that plays in any home DVD player and in
        computers' DVD players. It starts playing as soon as the disc is in, without a remote, and has a chapter about
        every ten photos for skipping ahead. The first download may take a minute or two while the disc is prepared.
      </Typography>
      <Typography sx={{ mb: 1.5 }}>
        <strong>Size:</strong> {isoSize === null ? 'known once the DVD has been prepared' : megabytes(isoSize)}
      </Typography>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        How to burn it
      </Typography>
      <Typography component="ul" sx={{ pl: 2.5, mt: 0.5, '& li': { mb: 0.75 } }}>
        <li>Use a blank DVD-R disc: it plays in the most players (DVD+R works in most).</li>
        <li>On Windows, right-click the downloaded file and choose Burn disc image.</li>
        <li>On a Mac, open Terminal and type hdiutil burn followed by a space, drag the file into the window and press Return.</li>
        <li>Burn the image itself: copying the file onto a disc as a file makes a disc that DVD players cannot play.</li>
      </Typography>
      <Typography color="text.secondary">For a computer, a phone or a USB drive, the HD video is the better copy.</Typography>
    </InfoDialog>
  );
}
