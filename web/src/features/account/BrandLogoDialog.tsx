import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId } from 'react';
import type { Brand } from '../settings/index.ts';
import { removeBrandLogo, uploadBrandLogo } from './api.ts';
import { LogoPicker } from './LogoPicker.tsx';

interface Props {
  brand: Brand;
  onChanged: (brand: Brand) => void;
  onClose: () => void;
}

/** A brand's optional logo, shown on videos made under the brand when the video uses a logo. */
export function BrandLogoDialog({ brand, onChanged, onClose }: Props) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Logo of {brand.name}</DialogTitle>
      <DialogContent>
        <LogoPicker
          owner={brand.name}
          url={brand.logoUrl}
          onUpload={async (file) => onChanged((await uploadBrandLogo(brand.id, file)).brand)}
          onRemove={async () => onChanged((await removeBrandLogo(brand.id)).brand)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
