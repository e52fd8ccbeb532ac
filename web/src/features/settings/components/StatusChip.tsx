import { Chip } from '@mui/material';

/** Active or disabled (or deleted, for videos) at a glance. */
export function StatusChip({ disabled, offLabel = 'Disabled' }: { disabled: boolean; offLabel?: string }) {
  return disabled ? (
    <Chip size="small" label={offLabel} variant="outlined" color="default" />
  ) : (
    <Chip size="small" label="Active" color="success" variant="outlined" />
  );
}
