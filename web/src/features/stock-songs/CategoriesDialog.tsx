import { Add } from '@mui/icons-material';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { maxLength, required } from '../settings/index.ts';
import { createCategory, renameCategory, type StockCategory } from './api.ts';

interface Props {
  categories: StockCategory[];
  /** How many songs each category holds, by id. */
  counts: Map<number, number>;
  onChanged: () => Promise<unknown>;
  onClose: () => void;
}

/** One category's name, saved when the field is left or Enter is pressed. */
function CategoryRow({ category, count, onChanged }: { category: StockCategory; count: number; onChanged: () => Promise<unknown> }) {
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string | undefined>();
  const save = async () => {
    const trimmed = name.trim();
    if (trimmed === category.name) return;
    const problem = required(trimmed, 'category name') ?? maxLength(trimmed, 'category name');
    setError(problem);
    if (problem) return;
    try {
      await renameCategory(category.id, trimmed);
      await onChanged();
    } catch {
      setName(category.name);
    }
  };
  return (
    <ListItem disableGutters sx={{ gap: 2 }}>
      <TextField
        label={`Name of ${category.name}`}
        size="small"
        value={name}
        onChange={(e) => setName(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void save();
          }
        }}
        error={Boolean(error)}
        helperText={error}
        fullWidth
      />
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap', minWidth: 72 }}>
        {count === 1 ? '1 song' : `${count} songs`}
      </Typography>
    </ListItem>
  );
}

/** Renames categories and adds new ones; songs are put in categories from their own edit dialog. */
export function CategoriesDialog({ categories, counts, onChanged, onClose }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [fresh, setFresh] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const name = fresh.trim();
    const problem = required(name, 'category name') ?? maxLength(name, 'category name');
    setError(problem);
    if (problem || busy) return;
    setBusy(true);
    try {
      await createCategory(name);
      setFresh('');
      await onChanged();
    } catch {
      // The alert dialog has said why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Categories</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          The music dialog lists songs under these categories. Edit a name to rename it; it is saved when you leave the field.
        </Typography>
        <List aria-label="Categories" dense>
          {categories.map((c) => (
            <CategoryRow key={c.id} category={c} count={counts.get(c.id) ?? 0} onChanged={onChanged} />
          ))}
        </List>
        <Stack component="form" direction="row" spacing={1} onSubmit={add} noValidate sx={{ mt: 2, alignItems: 'flex-start' }}>
          <TextField label="New category" size="small" value={fresh} onChange={(e) => setFresh(e.target.value)} error={Boolean(error)} helperText={error} fullWidth />
          <Button type="submit" variant="outlined" startIcon={<Add />} disabled={busy} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            Add
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} variant="contained">
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
