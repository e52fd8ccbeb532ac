import { ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';

/** One entry of an editor drawer (a list item, so the drawer's list holds only items): an icon, a label and what it opens. */
export function DrawerItem({ icon, label, detail, disabled, onClick }: { icon: ReactNode; label: string; detail?: string; disabled?: boolean; onClick(): void }) {
  return (
    <ListItem disablePadding>
      <ListItemButton disabled={disabled} onClick={onClick} sx={{ borderRadius: 1, py: 0.5 }}>
        <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
        <ListItemText primary={label} secondary={detail} />
      </ListItemButton>
    </ListItem>
  );
}
