import { Search } from '@mui/icons-material';
import {
  Alert,
  Box,
  InputAdornment,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Page } from '../../ui/index.ts';
import { PAGE_SIZES, useOutbox } from './api.ts';
import { OutboxRow } from './OutboxRow.tsx';

const wide = { display: { xs: 'none', md: 'table-cell' } };
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** Every email and text message the product sent or is keeping (with no SMTP configured, nothing leaves and nothing is lost). */
export function OutboxPage() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(PAGE_SIZES[0]);
  const { data, error, isLoading, isValidating } = useOutbox(search, page, perPage);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const messages = data?.messages ?? [];
  return (
    <Page title="Outbox">
      <TextField
        label="Search by recipient"
        type="search"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search aria-hidden /></InputAdornment> } }}
      />
      {error && <Alert severity="error" sx={{ mb: 2 }}>{error.message}</Alert>}
      <Paper variant="outlined">
        {isValidating && <LinearProgress aria-label="Loading messages" />}
        <TableContainer>
          <Table size="small" aria-label="Outbox messages">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Box component="span" sx={visuallyHidden}>
                    Details
                  </Box>
                </TableCell>
                <TableCell>Recipient</TableCell>
                <TableCell sx={wide}>Subject</TableCell>
                <TableCell sx={wide}>Channel</TableCell>
                <TableCell sx={wide}>Created</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {messages.map((message) => (
                <OutboxRow key={message.id} message={message} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {!isLoading && messages.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {search ? `No messages to addresses matching "${search}".` : 'No messages yet.'}
          </Typography>
        )}
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={perPage}
          rowsPerPageOptions={PAGE_SIZES}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage="Per page"
        />
      </Paper>
    </Page>
  );
}
