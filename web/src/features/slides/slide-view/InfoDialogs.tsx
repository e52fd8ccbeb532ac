import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { fetchSlideInspection, type Slide, type SlideInspection } from '../../../api/index.ts';
import { sizeText, uploadedAgo } from '../format.ts';

const dateText = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Unknown' : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
};

/**
 * Photo inspection (spec 2 "Tool dialogs"): titled with the original's file name and 'slide n/total'; Uploaded, File
 * Size, Resolution, and from the server's look at the original its type, camera and when it was taken.
 */
export function InspectDialog({ slide, index, total, onClose }: { slide: Slide; index: number; total: number; onClose(): void }) {
  const [facts, setFacts] = useState<SlideInspection | null>(null);
  useEffect(() => {
    let live = true;
    fetchSlideInspection(slide.id).then(
      (reply) => live && setFacts(reply),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [slide.id]);
  const uploaded = facts?.uploadedAt ?? slide.createdAt;
  // Spec 2's duration wording ('3 days ago'); the date itself shows on hover.
  const rows: [string, string, string?][] = [
    ['Uploaded', uploadedAgo(uploaded, Date.now()), dateText(uploaded)],
    ['File Size', sizeText(facts?.bytes ?? slide.bytes)],
    ['Resolution', slide.width && slide.height ? `${slide.width} x ${slide.height}` : 'Unknown'],
    ['Type', facts?.type ?? 'Unknown'],
    ['Camera', facts?.camera ?? 'Unknown'],
    ['Taken', facts?.takenAt ? dateText(facts.takenAt) : 'Unknown'],
  ];
  return (
    <Dialog open onClose={onClose} aria-labelledby="inspect-title" maxWidth="xs" fullWidth>
      <DialogTitle id="inspect-title" sx={{ overflowWrap: 'anywhere' }}>
        {facts?.fileName ?? slide.origPath ?? 'Slide'}
        <Typography component="span" sx={{ display: 'block', color: 'text.secondary' }}>
          slide {index + 1}/{total}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Table size="small" aria-label="Photo details">
          <TableBody>
            {rows.map(([label, value, title]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600, pl: 0 }}>
                  {label}
                </TableCell>
                <TableCell title={title}>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

export const SHORTCUTS: [string, string][] = [
  ['Right arrow', 'Next slide'],
  ['Left arrow', 'Previous slide'],
  ['Space or Esc', 'Close'],
  ['c', 'Crop (photos only)'],
  ['r or ]', 'Rotate right (not text slides)'],
  ['f or [', 'Rotate left (not text slides)'],
  ['Delete', 'Delete the slide'],
  ['t', 'Caption'],
  ['?', 'Show these shortcuts'],
];

export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="shortcuts-title" maxWidth="xs" fullWidth>
      <DialogTitle id="shortcuts-title">Keyboard Shortcuts</DialogTitle>
      <DialogContent>
        <Table size="small" aria-label="Keyboard shortcuts">
          <TableBody>
            {SHORTCUTS.map(([keys, action]) => (
              <TableRow key={keys}>
                <TableCell component="th" scope="row" sx={{ pl: 0, whiteSpace: 'nowrap' }}>
                  <kbd>{keys}</kbd>
                </TableCell>
                <TableCell>{action}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
