import { Search } from '@mui/icons-material';
import { Box, InputBase } from '@mui/material';
import { alpha } from '@mui/material/styles';

/** The results page (spec 1, 2.11). */
export const SEARCH_PATH = '/search';

/** Global search for super users: a plain GET form, so the results page owns its address (/search?q=). */
export function SearchBox() {
  return (
    <Box
      component="form"
      role="search"
      action={SEARCH_PATH}
      method="get"
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        px: 1.5,
        mr: 1,
        borderRadius: 2,
        width: 260,
        bgcolor: alpha(theme.palette.common.white, 0.14),
        '&:hover, &:focus-within': { bgcolor: alpha(theme.palette.common.white, 0.22) },
      })}
    >
      <Search fontSize="small" aria-hidden="true" />
      <InputBase
        name="q"
        type="search"
        placeholder="Search…"
        inputProps={{ 'aria-label': 'Search everything' }}
        sx={{ color: 'inherit', ml: 1, flex: 1, '& input::placeholder': { opacity: 0.8 } }}
      />
    </Box>
  );
}
