import { FormControl, FormHelperText, InputLabel, OutlinedInput, type InputBaseComponentProps } from '@mui/material';
import { useId, type ChangeEvent, type ReactNode } from 'react';

export interface OutlinedFieldProps {
  name?: string;
  type?: string;
  label: string;
  autoComplete?: string;
  required?: boolean;
  autoFocus?: boolean;
  fullWidth?: boolean;
  value?: string;
  onChange?: (e: ChangeEvent<HTMLInputElement>) => void;
  error?: boolean;
  helperText?: ReactNode;
  endAdornment?: ReactNode;
  inputProps?: InputBaseComponentProps;
}

/**
 * An outlined text field as TextField draws it, built from its parts: TextField also carries the select variant
 * (Select, Menu, Popover and the filled and standard inputs), which would more than double what the sign-in pages
 * send before anyone can type.
 */
export function OutlinedField({ label, helperText, required, error, fullWidth, inputProps, ...input }: OutlinedFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl variant="outlined" required={required} error={error} fullWidth={fullWidth}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput {...input} id={id} label={label} inputProps={{ ...inputProps, 'aria-describedby': helperId }} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
