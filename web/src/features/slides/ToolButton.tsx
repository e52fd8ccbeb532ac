import { IconButton, Tooltip, type IconButtonProps, type TooltipProps } from '@mui/material';
import type { ReactNode } from 'react';

/** Spec 2 section 9: tooltips appear after 800 ms and leave after 50 ms. */
export const TOOLTIP_ENTER_DELAY = 800;
export const TOOLTIP_LEAVE_DELAY = 50;

interface Props extends Omit<IconButtonProps, 'children' | 'aria-label'> {
  label: string;
  icon: ReactNode;
  placement?: TooltipProps['placement'];
}

/** An icon button named by its tooltip; a disabled one keeps its tooltip through a wrapper. */
export function ToolButton({ label, icon, placement = 'right', disabled, ...rest }: Props) {
  return (
    <Tooltip title={label} describeChild enterDelay={TOOLTIP_ENTER_DELAY} enterNextDelay={TOOLTIP_ENTER_DELAY} leaveDelay={TOOLTIP_LEAVE_DELAY} placement={placement}>
      <span style={{ display: 'inline-flex' }}>
        <IconButton aria-label={label} disabled={disabled} {...rest}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
