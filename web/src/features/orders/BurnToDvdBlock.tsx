import { Album, WarningAmberOutlined } from '@mui/icons-material';
import { Box, Checkbox, FormControlLabel, Typography } from '@mui/material';

interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** What stands in the way of burning on this computer, shown under the choice. */
  warnings: string[];
  disabled?: boolean;
}

/**
 * The order form's Burn to DVD block (spec 3 section 2.6): whether the burn window downloads the disc image and
 * burns it as soon as the video is finalized (stored on the order), and the burner warnings.
 */
export function BurnToDvdBlock({ checked, onChange, warnings, disabled }: Props) {
  return (
    <Box component="section" aria-labelledby="burn-to-dvd-title">
      <Typography id="burn-to-dvd-title" variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Album fontSize="small" color="action" aria-hidden />
        Burn to DVD
      </Typography>
      <FormControlLabel
        control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} disabled={disabled} />}
        label="Automatically download and burn once finalized"
      />
      <Box role="status" aria-live="polite" aria-label="Burner warnings">
        {warnings.map((warning) => (
          <Typography key={warning} variant="body2" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 0.5 }}>
            <WarningAmberOutlined fontSize="small" color="warning" sx={{ mt: '1px' }} aria-hidden />
            {warning}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
