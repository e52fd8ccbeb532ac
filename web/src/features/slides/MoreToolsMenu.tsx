import { AutoAwesomeOutlined, DownloadOutlined, ExpandMore, Palette, RestoreFromTrash, Sort as SortIcon } from '@mui/icons-material';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { Link } from 'wouter';

export interface MoreToolsProps {
  hasSlides: boolean;
  isSuper: boolean;
  restoreHref: string;
  downloadHref: string;
  onSort(): void;
  onInsertSamples(): void;
  /** Opens Customize Look, the menu's first item. */
  onCustomizeLook?(): void;
}

/** More Tools (spec 2 "Slides toolbar"): Restore Deleted, Sort, Download Slides, and Insert Samples for super users. */
export function MoreToolsMenu({ hasSlides, isSuper, restoreHref, downloadHref, onSort, onInsertSamples, onCustomizeLook }: MoreToolsProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        variant="text"
        endIcon={<ExpandMore />}
        id="more-tools-button"
        aria-haspopup="menu"
        aria-controls={anchor ? 'more-tools-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        More Tools
      </Button>
      <Menu id="more-tools-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={close} slotProps={{ list: { 'aria-labelledby': 'more-tools-button' } }}>
        {onCustomizeLook && (
          <MenuItem
            onClick={() => {
              close();
              onCustomizeLook();
            }}
          >
            <ListItemIcon>
              <Palette fontSize="small" />
            </ListItemIcon>
            <ListItemText>Customize Look</ListItemText>
          </MenuItem>
        )}
        <MenuItem component={Link} href={restoreHref} onClick={close}>
          <ListItemIcon>
            <RestoreFromTrash fontSize="small" />
          </ListItemIcon>
          <ListItemText>Restore Deleted</ListItemText>
        </MenuItem>
        <MenuItem
          disabled={!hasSlides}
          onClick={() => {
            close();
            onSort();
          }}
        >
          <ListItemIcon>
            <SortIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Sort</ListItemText>
        </MenuItem>
        <MenuItem disabled={!hasSlides} component={Link} href={downloadHref} onClick={close}>
          <ListItemIcon>
            <DownloadOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Download Slides</ListItemText>
        </MenuItem>
        {isSuper && (
          <MenuItem
            sx={{ color: 'secondary.main' }}
            onClick={() => {
              close();
              onInsertSamples();
            }}
          >
            <ListItemIcon>
              <AutoAwesomeOutlined fontSize="small" sx={{ color: 'secondary.main' }} />
            </ListItemIcon>
            <ListItemText>Insert Samples</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
