import { OpenInNew } from '@mui/icons-material';
import { Box, Checkbox, FormControlLabel, Link, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';

export const EULA_PATH = '/orders/stock_music_eula';

interface Props {
  accepted: boolean;
  onChange: (accepted: boolean) => void;
  disabled: boolean;
}

/** The stock music licence a finalize form asks staff to accept when the video uses stock songs (spec 1 section 2.6). */
export function StockEulaAgreement({ accepted, onChange, disabled }: Props) {
  return (
    <Box>
      <Typography sx={{ mb: 1 }}>
        This video uses music from our stock library. Please read the{' '}
        <Link href={EULA_PATH} target="_blank" rel="noopener">
          stock music license agreement
          <OpenInNew sx={{ fontSize: '1rem', verticalAlign: 'text-bottom', ml: 0.25 }} aria-hidden />
          <Box component="span" sx={visuallyHidden}>
            (opens in a new tab)
          </Box>
        </Link>
        .
      </Typography>
      <FormControlLabel
        control={<Checkbox checked={accepted} onChange={(e) => onChange(e.target.checked)} disabled={disabled} />}
        label="I agree to the stock music license agreement"
      />
    </Box>
  );
}
