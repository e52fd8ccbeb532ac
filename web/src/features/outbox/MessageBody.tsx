import { Box, Link } from '@mui/material';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The plain-text body as written, with its web addresses clickable (reset and invitation links are the usual reason to look). */
export function MessageBody({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <Box
      component="pre"
      sx={{ m: 0, p: 2, bgcolor: 'background.default', borderRadius: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', fontSize: '0.9rem' }}
    >
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Link key={i} href={part} target="_blank" rel="noopener noreferrer">
            {part}
          </Link>
        ) : (
          part
        ),
      )}
    </Box>
  );
}
