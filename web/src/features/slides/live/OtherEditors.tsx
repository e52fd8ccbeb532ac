import { PeopleAltOutlined } from '@mui/icons-material';
import { Chip } from '@mui/material';

/** Spec 3, 2.7: how many other people have this video open for editing right now. */
export function OtherEditors({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Chip
      icon={<PeopleAltOutlined />}
      label={`Other Editors: ${count}`}
      color="secondary"
      variant="outlined"
      size="small"
      role="status"
      data-testid="other-editors"
    />
  );
}
