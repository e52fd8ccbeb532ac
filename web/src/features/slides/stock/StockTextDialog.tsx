import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { fetchStockTexts, type StockText } from '../../../api/stock-slides.ts';
import { matchesWords } from './search.ts';

export interface StockTextDialogProps {
  open: boolean;
  onClose(): void;
  /** The chosen text; the dialog closes itself after calling it. */
  onUse(text: string): void;
}

const ALL = 0;

/** The library is the same for every video: read once per page. */
let loaded: Promise<StockText[]> | undefined;
const loadTexts = (): Promise<StockText[]> => {
  loaded ??= fetchStockTexts().then(
    (r) => r.stockTexts,
    (err: unknown) => {
      loaded = undefined;
      throw err;
    },
  );
  return loaded;
};

/**
 * The stock text dialog (spec 2 "Stock text dialog"): search, a category list, the texts with Title and Source, a
 * preview of the chosen one, and Use Text. Searching clears the chosen text; closing resets everything.
 */
export function StockTextDialog({ open, onClose, onUse }: StockTextDialogProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [texts, setTexts] = useState<StockText[] | null>(null);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState(ALL);
  const [chosen, setChosen] = useState<StockText | null>(null);

  useEffect(() => {
    if (!open || texts) return;
    let live = true;
    loadTexts().then((list) => live && setTexts(list), () => live && setTexts([]));
    return () => {
      live = false;
    };
  }, [open, texts]);

  const categories = useMemo(() => {
    const byId = new Map<number, string>();
    for (const t of texts ?? []) for (const c of t.categories) byId.set(c.id, c.name);
    return [...byId].map(([id, name]) => ({ id, name }));
  }, [texts]);

  const shown = useMemo(
    () => (texts ?? []).filter((t) => (category === ALL || t.categories.some((c) => c.id === category)) && matchesWords(query, t.textTitle, t.authorName, t.text)),
    [texts, category, query],
  );

  const close = () => {
    setQuery('');
    setCategory(ALL);
    setChosen(null);
    onClose();
  };
  const use = () => {
    if (!chosen) return;
    onUse(chosen.text);
    close();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="stock-text-title" maxWidth="md" fullWidth fullScreen={narrow}>
      <DialogTitle id="stock-text-title">Text Library</DialogTitle>
      <DialogContent dividers>
        <TextField
          label="Search"
          type="search"
          size="small"
          fullWidth
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setChosen(null);
          }}
          sx={{ mb: 2 }}
        />
        {texts === null ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading texts" />
          </Box>
        ) : (
          <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2 }}>
            <List dense aria-label="Categories" sx={{ flex: { sm: '0 0 190px' }, display: { xs: 'flex', sm: 'block' }, overflowX: 'auto', p: 0 }}>
              {[{ id: ALL, name: 'All Categories' }, ...categories].map((c) => (
                <ListItem key={c.id} disablePadding sx={{ flex: '0 0 auto', width: 'auto' }}>
                  <ListItemButton selected={c.id === category} onClick={() => setCategory(c.id)} sx={{ borderRadius: 1 }}>
                    <ListItemText primary={c.name} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <TableContainer sx={{ maxHeight: { xs: 260, sm: 320 }, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                <Table stickyHeader size="small" aria-label="Texts">
                  <TableHead>
                    <TableRow>
                      <TableCell>Title</TableCell>
                      <TableCell>Source</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.map((t) => (
                      <TableRow
                        key={t.id}
                        hover
                        selected={chosen?.id === t.id}
                        onClick={() => setChosen(t)}
                        onDoubleClick={() => {
                          onUse(t.text);
                          close();
                        }}
                        sx={{ cursor: 'pointer' }}
                      >
                        <TableCell>
                          <Button variant="text" size="small" onClick={() => setChosen(t)} aria-pressed={chosen?.id === t.id} sx={{ p: 0, textAlign: 'left', textTransform: 'none' }}>
                            {t.textTitle}
                          </Button>
                        </TableCell>
                        <TableCell>{t.authorName}</TableCell>
                      </TableRow>
                    ))}
                    {shown.length === 0 && (
                      <TableRow>
                        <TableCell colSpan={2}>No texts match your search.</TableCell>
                      </TableRow>
                    )}
                  </TableBody>
                </Table>
              </TableContainer>
              <Box aria-live="polite" sx={{ mt: 2, p: 2, minHeight: 80, bgcolor: 'action.hover', borderRadius: 1 }}>
                {chosen ? (
                  <>
                    <Typography sx={{ whiteSpace: 'pre-line', fontFamily: 'Georgia, serif' }}>{chosen.text}</Typography>
                    <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
                      {chosen.authorName}
                    </Typography>
                  </>
                ) : (
                  <Typography sx={{ color: 'text.secondary' }}>Choose a text to see it here.</Typography>
                )}
              </Box>
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        {chosen && (
          <Button variant="contained" onClick={use}>
            Use Text
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
