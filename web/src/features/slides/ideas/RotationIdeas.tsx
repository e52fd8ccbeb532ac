import { Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import type { Slide } from '../../../api/index.ts';
import type { Idea } from './ideasApi.ts';

const plural = (n: number) => `${n} photo${n === 1 ? '' : 's'} need${n === 1 ? 's' : ''} rotating`;

/** Spec 2 section 2: the idea alert ('N photo(s) need(s) rotating', More Info) and its 'AI (beta)' dialog. */
export function RotationIdeasAlert({ pending, slides, onDecide }: { pending: Idea[]; slides: Slide[]; onDecide(decisions: Record<number, boolean>): Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  if (!pending.length) return null;
  const thumbOf = (id: number) => slides.find((s) => s.id === id)?.thumbUrl ?? undefined;
  const decideChosen = async (accepted: boolean) => {
    const ids = chosen.size ? [...chosen] : [];
    if (!ids.length) return;
    setChosen(new Set());
    await onDecide(Object.fromEntries(ids.map((id) => [id, accepted])));
    if (ids.length >= pending.length) setOpen(false);
  };
  return (
    <>
      <Alert severity="info" action={<Button color="inherit" size="small" onClick={() => setOpen(true)}>More Info</Button>}>
        {plural(pending.length)}
      </Alert>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md">
        <DialogTitle>AI (beta)</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {pending.map((idea) => (
              <Box key={idea.slideId} sx={{ textAlign: 'center' }} data-idea={idea.slideId}>
                {/* The thumbnail shown as it would look after the suggested turn. */}
                <Box sx={{ width: 150, height: 150, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
                  <img src={thumbOf(idea.slideId)} alt="" style={{ maxWidth: 140, maxHeight: 140, transform: `rotate(${idea.angle}deg)` }} />
                </Box>
                <Checkbox
                  checked={chosen.has(idea.slideId)}
                  slotProps={{ input: { 'aria-label': `Choose slide ${idea.slideId}` } }}
                  onChange={(e) => setChosen((old) => {
                    const next = new Set(old);
                    if (e.target.checked) next.add(idea.slideId);
                    else next.delete(idea.slideId);
                    return next;
                  })}
                />
              </Box>
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setChosen(new Set(pending.map((i) => i.slideId)))}>Select All</Button>
          <Button onClick={() => setOpen(false)}>Close</Button>
          <Button disabled={!chosen.size} onClick={() => void decideChosen(false)}>Ignore</Button>
          <Button variant="contained" disabled={!chosen.size} onClick={() => void decideChosen(true)}>Accept</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
