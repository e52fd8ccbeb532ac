import { KeyboardArrowDown, KeyboardArrowUp } from '@mui/icons-material';
import { Box, Chip, Collapse, IconButton, TableCell, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import type { OutboxMessage } from './api.ts';
import { MessageBody } from './MessageBody.tsx';

const when = (iso: string | null): string => (iso ? new Date(iso).toLocaleString() : '');

/** Cells hidden on a phone: the expanded part repeats what they say. */
const wide = { display: { xs: 'none', md: 'table-cell' } };

function Status({ message }: { message: OutboxMessage }) {
  if (message.sentAt) return <Chip size="small" color="success" variant="outlined" label="Sent" />;
  return <Chip size="small" color={message.lastError ? 'error' : 'default'} variant="outlined" label="Undelivered" />;
}

function Detail({ label, value }: { label: string; value: string | number | null }) {
  if (value === null || value === '') return null;
  return (
    <Typography variant="body2" component="div">
      <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
        {label}:
      </Box>
      {value}
    </Typography>
  );
}

export function OutboxRow({ message }: { message: OutboxMessage }) {
  const [open, setOpen] = useState(false);
  const detailId = `outbox-message-${message.id}`;
  return (
    <>
      <TableRow hover sx={{ '& > td': { borderBottom: open ? 'unset' : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-label={open ? 'Hide message' : 'Show message'}
            aria-expanded={open}
            aria-controls={detailId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ overflowWrap: 'anywhere' }}>
          {message.recipient}
          <Typography variant="body2" color="text.secondary" sx={{ display: { md: 'none' } }}>
            {message.subject}
          </Typography>
        </TableCell>
        <TableCell sx={wide}>{message.subject}</TableCell>
        <TableCell sx={wide}>{message.channel === 'sms' ? 'Text message' : 'Email'}</TableCell>
        <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>{when(message.createdAt)}</TableCell>
        <TableCell>
          <Status message={message} />
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={6} sx={{ py: 0 }}>
          <Collapse in={open} timeout="auto" unmountOnExit>
            <Box id={detailId} sx={{ py: 2, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              <Detail label="Channel" value={message.channel === 'sms' ? 'Text message' : 'Email'} />
              <Detail label="Created" value={when(message.createdAt)} />
              <Detail label="Sent" value={message.sentAt ? when(message.sentAt) : 'Not sent; kept in the outbox'} />
              <Detail label="From" value={message.fromName} />
              <Detail label="Reply to" value={message.replyTo} />
              <Detail label="Delivery attempts" value={message.attempts || null} />
              <Detail label="Last error" value={message.lastError} />
              <Box sx={{ mt: 1 }}>
                <MessageBody text={message.body} />
              </Box>
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}
