import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import type { Slide } from '../../../api/index.ts';
import { sizeText } from '../format.ts';

const uploadedText = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Unknown' : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
};

/** Photo inspection (spec 2 "Tool dialogs"): titled with the file name and 'slide n/total'. */
export function InspectDialog({ slide, index, total, onClose }: { slide: Slide; index: number; total: number; onClose(): void }) {
  const rows: [string, string][] = [
    ['Uploaded', uploadedText(slide.createdAt)],
    ['File Size', sizeText(slide.bytes)],
    ['Resolution', slide.width && slide.height ? `${slide.width} x ${slide.height}` : 'Unknown'],
  ];
  return (
    <Dialog open onClose={onClose} aria-labelledby="inspect-title" maxWidth="xs" fullWidth>
      <DialogTitle id="inspect-title" sx={{ overflowWrap: 'anywhere' }}>
        {slide.origPath ?? 'Slide'}
        <Typography component="span" sx={{ display: 'block', color: 'text.secondary' }}>
          slide {index + 1}/{total}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Table size="small" aria-label="Photo details">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600, pl: 0 }}>
                  {label}
                </TableCell>
                <TableCell>{value}</TableCell>
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
