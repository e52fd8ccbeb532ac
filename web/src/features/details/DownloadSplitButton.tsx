import { ArrowDropDown, Check, Download, InfoOutlined } from '@mui/icons-material';
import { Button, ButtonGroup, CircularProgress, Divider, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';

/** How a download source is named in the menu: this server is Primary, an alternate by its configured name. */
export const sourceLabel = (source: string): string => (source === 'primary' ? 'Primary' : source.charAt(0).toUpperCase() + source.slice(1));

interface Props {
  /** What the button does, e.g. 'Download HD'; its menu button is named '{label} options'. */
  label: string;
  /** Shown instead of the label while the file is being prepared (the button is then busy). */
  busyLabel?: string | null;
  disabled: boolean;
  /** The main button as a link to the file (HD), or an action (DVD: the file is prepared first). */
  href?: string;
  onClick?: () => void;
  /** The download servers by name, 'primary' first; null until the menu has loaded them. */
  sources: string[] | null;
  selected: string;
  /** The menu opens: load the servers if they are not known yet. */
  onOpenMenu: () => void;
  /** A server chosen in the menu: download from it (and from it again on the main button). */
  onSelect: (source: string) => void;
  onInfo: () => void;
  /** The More Info dialog. */
  children?: ReactNode;
}

/**
 * A download split button (spec 3 section 2.2): the download itself, and a menu of the servers it can come from
 * (CONVENTIONS: alternates are other hosts serving the same paths) with More Info.
 */
export function DownloadSplitButton({ label, busyLabel, disabled, href, onClick, sources, selected, onOpenMenu, onSelect, onInfo, children }: Props) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const busy = Boolean(busyLabel);
  // Unavailable, it is a real disabled button, not a link marked aria-disabled: nothing to follow, and assistive
  // technology (and the contrast rules for inactive controls) treat it as the disabled control it is.
  const link = href ? { component: 'a' as const, href } : {};
  return (
    <>
      {/* Not stretched to the height of a neighbour that shows its progress under it. */}
      <ButtonGroup variant="contained" disableElevation aria-label={label} sx={{ alignSelf: 'flex-start' }}>
        {/* Busy, it stays in the button colours with its ring turning (a greyed button would read as unavailable). */}
        <Button
          {...(busy || disabled ? {} : link)}
          onClick={busy ? undefined : onClick}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <Download />}
          disabled={disabled}
          aria-busy={busy || undefined}
          aria-disabled={busy || undefined}
          sx={busy ? { cursor: 'progress' } : undefined}
        >
          {busyLabel || label}
        </Button>
        <Button
          size="small"
          aria-label={`${label} options`}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => {
            setAnchor(e.currentTarget);
            onOpenMenu();
          }}
        >
          <ArrowDropDown />
        </Button>
      </ButtonGroup>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <ListSubheader>Download from</ListSubheader>
        {sources === null ? (
          <MenuItem disabled>
            <ListItemText inset>Finding servers…</ListItemText>
          </MenuItem>
        ) : (
          sources.map((source) => (
            <MenuItem
              key={source}
              selected={source === selected}
              disabled={disabled || busy}
              onClick={() => {
                setAnchor(null);
                onSelect(source);
              }}
            >
              {source === selected && (
                <ListItemIcon>
                  <Check fontSize="small" />
                </ListItemIcon>
              )}
              <ListItemText inset={source !== selected}>{sourceLabel(source)}</ListItemText>
            </MenuItem>
          ))
        )}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onInfo();
          }}
        >
          <ListItemIcon>
            <InfoOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>More Info</ListItemText>
        </MenuItem>
      </Menu>
      {children}
    </>
  );
}
