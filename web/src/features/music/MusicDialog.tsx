import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { selectionInOrder } from './stock-browse.ts';
import { StockTab } from './StockTab.tsx';
import { UploadTab } from './UploadTab.tsx';
import { useStockLibrary } from './useStockLibrary.ts';

export type MusicTab = 'stock' | 'upload';

interface Props {
  open: boolean;
  tab: MusicTab;
  onTab(tab: MusicTab): void;
  uploadEnabled: boolean;
  signedIn: boolean;
  anonymous: boolean;
  licenceAccepted: boolean;
  heldFiles: number;
  onAcceptLicence(): void;
  onFiles(files: File[]): void;
  /** Adds the chosen stock songs; resolves once they are on the video. */
  onAddStock(stockSongIds: number[]): Promise<void>;
  onClose(): void;
}

const toggled = (set: ReadonlySet<number>, id: number): Set<number> => {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
};

/** Add Music: the Stock Music tab, and the Upload tab when this caller may upload files. */
export function MusicDialog(props: Props) {
  const { open, uploadEnabled, onClose } = props;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const library = useStockLibrary(open);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [adding, setAdding] = useState(false);
  const tab = uploadEnabled ? props.tab : 'stock';

  // Spec 1 section 4: the selection and the open categories clear when the dialog closes, however it closes
  // (Cancel, Escape, songs added, or files chosen on the Upload tab, where the manager closes it).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setSelected(new Set());
      setExpanded(new Set());
    }
  }

  const close = () => {
    if (adding) return;
    onClose();
  };

  const add = async () => {
    if (!library.list || selected.size === 0) return;
    setAdding(true);
    try {
      await props.onAddStock(selectionInOrder(library.list, selected));
      setAdding(false);
      onClose();
    } catch {
      // The alert dialog has shown why; the selection stays for another try.
      setAdding(false);
    }
  };

  const count = selected.size;
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="music-dialog-title" slotProps={{ paper: { sx: { height: { sm: '85vh' } } } }}>
      <DialogTitle id="music-dialog-title" sx={{ pb: 0 }}>
        Add Music
      </DialogTitle>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 1, sm: 2 } }}>
        <Tabs value={tab} onChange={(_, value: MusicTab) => props.onTab(value)} aria-label="Music source">
          <Tab value="stock" label="Stock Music" id="music-tab-stock" aria-controls="music-panel" />
          {uploadEnabled && <Tab value="upload" label="Upload" id="music-tab-upload" aria-controls="music-panel" />}
        </Tabs>
      </Box>
      <DialogContent id="music-panel" role="tabpanel" aria-labelledby={`music-tab-${tab}`} sx={{ px: { xs: 1, sm: 3 }, pt: '16px !important' }}>
        {tab === 'stock' ? (
          <StockTab
            library={library}
            signedIn={props.signedIn}
            selected={selected}
            onSelect={(id) => setSelected((s) => toggled(s, id))}
            expanded={expanded}
            onExpand={(id) => setExpanded((s) => toggled(s, id))}
          />
        ) : (
          <UploadTab
            anonymous={props.anonymous}
            accepted={props.licenceAccepted}
            heldFiles={props.heldFiles}
            onAccept={props.onAcceptLicence}
            onFiles={props.onFiles}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
        {tab === 'stock' ? (
          <>
            <Button onClick={close} disabled={adding}>
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void add()} disabled={count === 0 || adding}>
              {adding ? 'Adding...' : count === 0 ? 'Add Songs' : count === 1 ? 'Add 1 Song' : `Add ${count} Songs`}
            </Button>
          </>
        ) : (
          <Button onClick={close}>Close</Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
