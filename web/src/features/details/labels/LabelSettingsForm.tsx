import { Checkbox, FormControl, FormControlLabel, FormHelperText, FormLabel, InputAdornment, MenuItem, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { isTwoPerPage, OFFSET_ERROR, parseOffset, usesBottom, usesTop, type Dual, type LabelHoleSize, type LabelSettings } from '../../../../../common/label-settings.ts';

const LAYOUTS: { value: Dual; label: string }[] = [
  { value: '0', label: 'Single label' },
  { value: '1', label: 'Two per page: top label only' },
  { value: '2', label: 'Two per page: bottom label only' },
  { value: '3', label: 'Two per page: both labels' },
];

type OffsetKey = 'adjTopX' | 'adjTopY' | 'adjBottomX' | 'adjBottomY';

function OffsetField({ label, name, settings, disabled, onChange }: { label: string; name: OffsetKey; settings: LabelSettings; disabled: boolean; onChange: (next: LabelSettings) => void }) {
  const invalid = !disabled && parseOffset(settings[name]) === null;
  return (
    <TextField
      label={label}
      value={settings[name]}
      disabled={disabled}
      error={invalid}
      helperText={invalid ? OFFSET_ERROR : ' '}
      size="small"
      onChange={(e) => onChange({ ...settings, [name]: e.target.value })}
      slotProps={{ htmlInput: { inputMode: 'decimal', name, 'aria-invalid': invalid }, input: { endAdornment: <InputAdornment position="end">in</InputAdornment> } }}
    />
  );
}

/**
 * Spec 3 sections 3.4 and 5: the label style, hole, bleed and fine-tune offsets (these two only for the
 * two-per-page style, each label's pair only when that label is printed), and the QR code options.
 */
export function LabelSettingsForm({ settings, obituaryAllowed, onChange }: { settings: LabelSettings; obituaryAllowed: boolean; onChange: (next: LabelSettings) => void }) {
  const twoPerPage = isTwoPerPage(settings.dual);
  return (
    <Stack spacing={2.5}>
      <TextField
        select
        label="DVD label layout"
        value={settings.dual}
        size="small"
        helperText="Two per page prints on Avery 8960 CD/DVD label sheets."
        onChange={(e) => onChange({ ...settings, dual: e.target.value as Dual })}
      >
        {LAYOUTS.map((layout) => (
          <MenuItem key={layout.value} value={layout.value}>
            {layout.label}
          </MenuItem>
        ))}
      </TextField>
      <FormControl>
        <FormLabel id="label-hole-size">Centre hole</FormLabel>
        <RadioGroup row aria-labelledby="label-hole-size" value={settings.dvdLabelSize} onChange={(e) => onChange({ ...settings, dvdLabelSize: e.target.value as LabelHoleSize })}>
          <FormControlLabel value="small" control={<Radio />} label="Small (13/16 in)" />
          <FormControlLabel value="large" control={<Radio />} label="Large (1 9/16 in)" />
        </RadioGroup>
      </FormControl>
      {twoPerPage && (
        <>
          <FormControl>
            <FormControlLabel control={<Checkbox checked={settings.bleed} onChange={(e) => onChange({ ...settings, bleed: e.target.checked })} />} label="Bleed" />
            <FormHelperText sx={{ mt: -0.5, ml: 4 }}>Prints the artwork a little past the edge of each label, so a sheet fed slightly askew shows no white rim.</FormHelperText>
          </FormControl>
          <FormControl component="fieldset">
            <FormLabel component="legend">Fine-tune position</FormLabel>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              If your printer prints off-centre, move the labels by a few hundredths of an inch. Negative moves left or up.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
              <OffsetField label="Top label, across" name="adjTopX" settings={settings} disabled={!usesTop(settings.dual)} onChange={onChange} />
              <OffsetField label="Top label, down" name="adjTopY" settings={settings} disabled={!usesTop(settings.dual)} onChange={onChange} />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
              <OffsetField label="Bottom label, across" name="adjBottomX" settings={settings} disabled={!usesBottom(settings.dual)} onChange={onChange} />
              <OffsetField label="Bottom label, down" name="adjBottomY" settings={settings} disabled={!usesBottom(settings.dual)} onChange={onChange} />
            </Stack>
          </FormControl>
        </>
      )}
      <FormControl>
        <FormControlLabel control={<Checkbox checked={settings.showQrCode} onChange={(e) => onChange({ ...settings, showQrCode: e.target.checked })} />} label="Show QR code" />
        <FormHelperText sx={{ mt: -0.5, ml: 4 }}>A code that opens the video when scanned with a phone.</FormHelperText>
      </FormControl>
      {obituaryAllowed && (
        <FormControl>
          <FormControlLabel
            control={<Checkbox checked={settings.obituaryQr} disabled={!settings.showQrCode} onChange={(e) => onChange({ ...settings, obituaryQr: e.target.checked })} />}
            label="QR code opens the obituary"
          />
          <FormHelperText sx={{ mt: -0.5, ml: 4 }}>The code opens the obituary page instead of the video.</FormHelperText>
        </FormControl>
      )}
    </Stack>
  );
}
