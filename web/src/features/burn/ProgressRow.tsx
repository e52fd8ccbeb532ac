import { CheckCircle, ErrorOutlined } from '@mui/icons-material';
import { Box, LinearProgress, Typography } from '@mui/material';
import type { Block } from './flow.ts';

export type RowName = 'finalize' | 'download' | 'burn' | 'verify';

const LABELS: Record<RowName, string> = { finalize: 'Finalize', download: 'Download', burn: 'Burn', verify: 'Verify' };

/**
 * One of the window's four rows (spec 3 sections 2.6 and 4.2): its name, its bar, and its text (or its error in
 * red). Tests follow a row by data-testid burn-row-{name}: the bar is role progressbar named '{Label} progress',
 * the text is data-testid burn-status-{name} with data-error when it is an error.
 */
export function ProgressRow({ name, block, active }: { name: RowName; block: Block; active: boolean }) {
  const label = LABELS[name];
  const text = block.error ?? block.status ?? '';
  const value = Math.round(block.progress);
  return (
    <Box
      role="group"
      aria-label={label}
      data-testid={`burn-row-${name}`}
      data-completed={block.completed || undefined}
      sx={{ display: 'grid', gridTemplateColumns: '84px minmax(0, 1fr) 22px', alignItems: 'center', columnGap: 1.5, rowGap: 0.25 }}
    >
      <Typography component="span" sx={{ fontWeight: 600, color: active || block.completed ? 'text.primary' : 'text.secondary' }}>
        {label}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-label={`${label} progress`}
        aria-valuetext={text ? `${value}%, ${text}` : `${value}%`}
        color={block.error ? 'error' : block.completed ? 'success' : 'primary'}
        sx={{ height: 10, borderRadius: 5, bgcolor: 'grey.200', '& .MuiLinearProgress-bar': { borderRadius: 5 } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'center' }} aria-hidden>
        {block.error ? <ErrorOutlined fontSize="small" color="error" /> : block.completed ? <CheckCircle fontSize="small" color="success" /> : null}
      </Box>
      <Typography
        variant="body2"
        data-testid={`burn-status-${name}`}
        data-error={block.error ? 'true' : undefined}
        color={block.error ? 'error' : 'text.secondary'}
        // An error may take two lines (it says what to do); a progress text keeps to one.
        sx={
          block.error
            ? { gridColumn: 2, minHeight: '1.43em', overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflowWrap: 'anywhere' }
            : { gridColumn: 2, minHeight: '1.43em', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }
        }
        title={text || undefined}
      >
        {text}
      </Typography>
    </Box>
  );
}
