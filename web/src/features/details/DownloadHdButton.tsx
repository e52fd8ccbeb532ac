import { ArrowDropDown, Check, Download, InfoOutlined } from '@mui/icons-material';
import { Button, ButtonGroup, Divider, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { videoFileUrl } from './api.ts';
import { HdInfoDialog } from './HdInfoDialog.tsx';

interface Props {
  videoCode: string;
  title: string;
  hdSize: number | null;
  /** The HD file exists (the render is complete). */
  ready: boolean;
}

/** A file name from the title that every operating system accepts. */
function fileName(title: string): string {
  const printable = [...title].map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? ' ' : c)).join('');
  return `${printable.replace(/\s+/g, ' ').trim() || 'video'}.mp4`;
}

/**
 * Download HD as a split button: the download itself, and a menu of download servers (CONVENTIONS: alternates are
 * other hosts serving the same paths; only the primary server exists so far) with More Info.
 */
export function DownloadHdButton({ videoCode, title, hdSize, ready }: Props) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [info, setInfo] = useState(false);
  return (
    <>
      <ButtonGroup variant="contained" disableElevation aria-label="Download HD">
        <Button component="a" href={videoFileUrl(videoCode, 'hd.mp4')} download={fileName(title)} startIcon={<Download />} disabled={!ready}>
          Download HD
        </Button>
        <Button
          size="small"
          aria-label="Download HD options"
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <ArrowDropDown />
        </Button>
      </ButtonGroup>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <ListSubheader>Download from</ListSubheader>
        <MenuItem selected onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <Check fontSize="small" />
          </ListItemIcon>
          <ListItemText>Primary</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setInfo(true);
          }}
        >
          <ListItemIcon>
            <InfoOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>More Info</ListItemText>
        </MenuItem>
      </Menu>
      <HdInfoDialog open={info} hdSize={hdSize} onClose={() => setInfo(false)} />
    </>
  );
}
