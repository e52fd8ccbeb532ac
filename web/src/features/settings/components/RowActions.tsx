import { Button } from '@mui/material';

interface Props {
  name: string;
  disabled: boolean;
  onEdit: () => void;
  onToggle: () => void;
  /** False hides the disable button (for the signed-in user's own row). */
  canToggle?: boolean;
}

/** Edit plus Disable or Enable; the labels name the row for screen readers. */
export function RowActions({ name, disabled, onEdit, onToggle, canToggle = true }: Props) {
  return (
    <>
      <Button size="small" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      {canToggle && (
        <Button size="small" color={disabled ? 'primary' : 'error'} onClick={onToggle} aria-label={`${disabled ? 'Enable' : 'Disable'} ${name}`}>
          {disabled ? 'Enable' : 'Disable'}
        </Button>
      )}
    </>
  );
}
