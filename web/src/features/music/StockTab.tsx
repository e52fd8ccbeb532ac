import { ExpandLess, ExpandMore, Search } from '@mui/icons-material';
import { Alert, Box, Button, CircularProgress, Collapse, InputAdornment, List, ListItemButton, ListItemText, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { matchesStockSearch } from '../../../../common/stock-search.ts';
import type { StockList, StockSong } from '../../api/index.ts';
import { PreparingNote } from '../../ui/index.ts';
import { categoryCount, songsInCategory, stockCategories } from './stock-browse.ts';
import { StockSongRow } from './StockSongRow.tsx';
import type { useStockLibrary } from './useStockLibrary.ts';

/** Spec 1 section 9: the stock search waits this long after typing stops. */
export const STOCK_SEARCH_DELAY_MS = 500;

interface Props {
  library: ReturnType<typeof useStockLibrary>;
  signedIn: boolean;
  selected: ReadonlySet<number>;
  onSelect(id: number): void;
  expanded: ReadonlySet<number>;
  onExpand(categoryId: number): void;
}

function SongGroup({ songs, listId, props }: { songs: StockSong[]; listId: string; props: Props }) {
  const { library, signedIn, selected, onSelect } = props;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {songs.map((song) => (
        <StockSongRow
          key={song.id}
          song={song}
          listId={listId}
          selected={selected.has(song.id)}
          showFavorite={signedIn}
          favoritePending={library.pending.has(song.id)}
          onSelect={onSelect}
          onFavorite={(id, favorite) => void library.setFavorite(id, favorite)}
        />
      ))}
    </Box>
  );
}

function Categories({ list, props }: { list: StockList; props: Props }) {
  const { signedIn, expanded, onExpand } = props;
  return (
    <List disablePadding aria-label="Stock music categories">
      {stockCategories(list, signedIn).map((category) => {
        const songs = songsInCategory(list, category.id);
        const open = expanded.has(category.id);
        const regionId = `stock-category-${category.id}`;
        return (
          <Box component="li" key={category.id} sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <ListItemButton onClick={() => onExpand(category.id)} aria-expanded={open} aria-controls={regionId}>
              <ListItemText primary={category.name} secondary={categoryCount(songs.length, category.id > 0 && list.preparing > 0)} />
              {open ? <ExpandLess /> : <ExpandMore />}
            </ListItemButton>
            <Collapse in={open} unmountOnExit id={regionId}>
              <Box sx={{ pb: 1, pl: { xs: 0, sm: 1 } }}>
                {songs.length > 0 ? (
                  <SongGroup songs={songs} listId={String(category.id)} props={props} />
                ) : (
                  <Typography variant="body2" sx={{ color: 'text.secondary', px: 2, py: 1 }}>
                    {category.id < 0 ? 'Songs you star appear here.' : list.preparing > 0 ? 'Its songs are being prepared; they appear here as they finish.' : 'No songs in this category.'}
                  </Typography>
                )}
              </Box>
            </Collapse>
          </Box>
        );
      })}
    </List>
  );
}

/** Search and categories of the stock library; the dialog owns the selection so it survives switching tabs. */
export function StockTab(props: Props) {
  const { library } = props;
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), STOCK_SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const list = library.list;
  const results = list && query ? list.stockSongs.filter((song) => matchesStockSearch(query, song)) : null;

  return (
    <Box>
      <TextField
        type="search"
        label="Search stock music"
        value={text}
        onChange={(event) => setText(event.target.value)}
        fullWidth
        size="small"
        sx={{ mb: 1.5 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search />
              </InputAdornment>
            ),
          },
        }}
      />
      {library.error && !list && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={library.retry}>
              Retry
            </Button>
          }
        >
          The stock music could not be loaded. {library.error.message}
        </Alert>
      )}
      {!list && !library.error && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading stock music" />
        </Box>
      )}
      {list && results && (
        <Box role="region" aria-label="Search results" aria-live="polite">
          <Typography variant="subtitle2" sx={{ color: 'text.secondary', px: 1, pb: 0.5 }}>
            {results.length === 0 ? `No songs match '${query}'.` : results.length === 1 ? '1 song found' : `${results.length} songs found`}
          </Typography>
          <SongGroup songs={results} listId="search" props={props} />
        </Box>
      )}
      {list && !results && <Categories list={list} props={props} />}
      {list && <PreparingNote count={list.preparing} one="song" many="songs" what="they appear here as they finish." />}
    </Box>
  );
}
