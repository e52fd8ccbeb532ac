import { Typography } from '@mui/material';
import type { UploadLink } from './api.ts';

const WHEN = new Intl.DateTimeFormat(undefined, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Spec 1, section 2.5: the last upload activity through the link. */
export function LinkActivity({ link }: { link: UploadLink }) {
  const count = link.familyUploadCount;
  if (!link.lastFamilyUpload) {
    return (
      <Typography variant="body2" color="text.secondary">
        Nothing has been uploaded through the link yet.
      </Typography>
    );
  }
  return (
    <Typography variant="body2">
      Last upload {WHEN.format(new Date(link.lastFamilyUpload))}. The family has added {count} {count === 1 ? 'photo or clip' : 'photos and clips'}.
    </Typography>
  );
}
