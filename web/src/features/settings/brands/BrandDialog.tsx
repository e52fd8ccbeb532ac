import { TextField } from '@mui/material';
import { useState } from 'react';
import type { Brand } from '../api.ts';
import { FormDialog } from '../components/FormDialog.tsx';
import { OrganizationPicker, type OrganizationOption } from '../components/OrganizationPicker.tsx';
import { collect, hasErrors, InvalidForm, maxLength, required, type FieldErrors } from '../components/validation.ts';

interface Props {
  /** Undefined to create a brand. */
  brand?: Brand;
  /** Preselected organization for a new brand (the list's filter). */
  organization?: OrganizationOption | null;
  /** False when the organization is fixed (an organization's own settings). */
  chooseOrganization?: boolean;
  onClose: () => void;
  onSave: (values: { name: string; organizationId?: number }) => Promise<void>;
}

/** Creates or renames a brand; super users also pick the organization a new brand belongs to. */
export function BrandDialog({ brand, organization = null, chooseOrganization = true, onClose, onSave }: Props) {
  const [name, setName] = useState(brand?.name ?? '');
  const [owner, setOwner] = useState<OrganizationOption | null>(organization);
  const [errors, setErrors] = useState<FieldErrors<'name' | 'organization'>>({});
  const picking = chooseOrganization && !brand;

  const check = () =>
    collect({
      name: [required(name, 'brand name'), maxLength(name, 'brand name')],
      organization: [picking && !owner ? 'Please choose the organization.' : undefined],
    });

  const submit = async () => {
    const found = check();
    setErrors(found);
    if (hasErrors(found)) throw new InvalidForm();
    await onSave({ name: name.trim(), organizationId: picking ? owner!.id : undefined });
  };

  return (
    <FormDialog open title={brand ? `Rename ${brand.name}` : 'New brand'} submitLabel={brand ? 'Save' : 'Create brand'} onClose={onClose} onSubmit={submit}>
      {picking && <OrganizationPicker value={owner} onChange={setOwner} error={errors.organization} required />}
      <TextField
        label="Brand name"
        name="name"
        value={name}
        required
        autoFocus={!picking}
        onChange={(e) => setName(e.target.value)}
        onBlur={() => setErrors(check())}
        error={Boolean(errors.name)}
        helperText={errors.name ?? 'The name shown on videos made under this brand.'}
        fullWidth
      />
    </FormDialog>
  );
}
