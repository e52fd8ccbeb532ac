import { FormControl, FormControlLabel, InputLabel, MenuItem, Paper, Select, Switch, Typography } from '@mui/material';
import type { SetupOrganization } from '../../api/index.ts';
import { showsBrandSelector } from './setup-values.ts';

interface Props {
  organization: SetupOrganization;
  brandId: number | null;
  useLogo: boolean;
  readOnly: boolean;
  onChange(patch: { brandId?: number | null; useLogo?: boolean }): void;
}

/** Spec 1, section 2.2: the brand (only with more than one) and whether the logo shows. */
export function BrandingSection({ organization, brandId, useLogo, readOnly, onChange }: Props) {
  const { brands } = organization;
  const chosen = brands.some((b) => b.id === brandId) ? brandId : '';
  return (
    <Paper variant="outlined" component="section" aria-labelledby="branding-title" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography id="branding-title" variant="h2" sx={{ fontSize: '1.1rem' }}>
        Branding
      </Typography>
      {showsBrandSelector(organization) && (
        <FormControl fullWidth size="small" disabled={readOnly}>
          <InputLabel id="brand-label">Brand - Organization</InputLabel>
          <Select id="brand" labelId="brand-label" label="Brand - Organization" value={chosen ?? ''} onChange={(e) => onChange({ brandId: Number(e.target.value) })}>
            {brands.map((brand) => (
              <MenuItem key={brand.id} value={brand.id}>
                {organization.organizationName && brand.name !== organization.organizationName ? `${brand.name} - ${organization.organizationName}` : brand.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
      <FormControlLabel
        control={<Switch checked={useLogo} disabled={readOnly} onChange={(e) => onChange({ useLogo: e.target.checked })} />}
        label="Show the logo in the video"
      />
    </Paper>
  );
}
