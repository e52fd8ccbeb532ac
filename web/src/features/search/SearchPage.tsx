import { Search } from '@mui/icons-material';
import { Box, InputAdornment, TextField, Typography, useMediaQuery } from '@mui/material';
import { useSearchParams } from 'wouter';
import { SEARCH_SOURCES } from '../../../../common/search-sources.ts';
import { Page } from '../../ui/index.ts';
import { shownCount } from './format.ts';
import { RuntimesTable } from './RuntimesTable.tsx';
import { SearchSection } from './SearchSection.tsx';
import { useSearchSources } from './useSearchSources.ts';

/**
 * The global search's results (spec 1 section 2.11): GET /search?q=, one section per source, each fetched on its
 * own and shown as it arrives, in order (sections wait behind a slower earlier one until the search timeout).
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const words = (params.get('q') ?? '').trim();
  const { states, timedOut } = useSearchSources(words);
  // The top bar's box shows from 750 px; narrower screens search from the page itself.
  const topBarSearch = useMediaQuery('(min-width:750px)', { noSsr: true });
  const shown = shownCount(states, timedOut);
  const settled = states.every((state) => state.status !== 'pending');
  const anyRows = states.some((state) => state.status === 'done' && !state.result.empty);

  return (
    <Page title={words ? `Search: ${words}` : 'Search'}>
      {!topBarSearch && (
        <Box component="form" role="search" action="/search" method="get" sx={{ mb: 2 }}>
          <TextField
            name="q"
            type="search"
            label="Search everything"
            defaultValue={words}
            fullWidth
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search aria-hidden /></InputAdornment> } }}
          />
        </Box>
      )}
      {!words ? (
        <Typography color="text.secondary">Type words to find videos, people, organizations and more.</Typography>
      ) : (
        <>
          {SEARCH_SOURCES.slice(0, shown).map(({ name }, index) => {
            const state = states[index];
            // A source with nothing found has no section; one still loading shows its heading and a spinner.
            if (state.status === 'done' && state.result.empty) return null;
            return <SearchSection key={name} name={name} state={state} />;
          })}
          {settled && !anyRows && <Typography sx={{ mb: 3 }}>No results.</Typography>}
          {/* After the results, which matter more; it still shows each source's progress from the start. */}
          <RuntimesTable states={states} />
        </>
      )}
    </Page>
  );
}
