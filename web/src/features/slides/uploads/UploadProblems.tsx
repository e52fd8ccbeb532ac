import { Alert, AlertTitle, Box, Button } from '@mui/material';
import type { UploadProblem } from './types.ts';

/** More problems than this and the list scrolls inside the alert instead of pushing the grid down. */
const SCROLL_AFTER = 6;

/** Spec 2: 'Upload Problems', one line per file; a warning while every problem is still being retried. */
export function UploadProblems({ problems, onDismiss }: { problems: UploadProblem[]; onDismiss: () => void }) {
  if (problems.length === 0) return null;
  const scrolls = problems.length > SCROLL_AFTER;
  return (
    <Alert
      severity={problems.every((p) => !p.permanent) ? 'warning' : 'error'}
      data-testid="upload-problems"
      action={
        <Button color="inherit" size="small" onClick={onDismiss}>
          Dismiss
        </Button>
      }
    >
      <AlertTitle>Upload Problems</AlertTitle>
      <Box
        component="ul"
        tabIndex={scrolls ? 0 : undefined}
        aria-label={scrolls ? 'Files with problems' : undefined}
        sx={{ m: 0, pl: 2.5, maxHeight: scrolls ? 180 : undefined, overflowY: scrolls ? 'auto' : undefined, overflowWrap: 'anywhere' }}
      >
        {problems.map((p, i) => (
          <li key={`${i}-${p.file}`}>
            <strong>{p.file}</strong>: {p.message}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
