import { AutoFixHigh, AutoFixOff, ContentCopy, DeleteOutlined, EditOutlined, RotateLeft, RotateRight } from '@mui/icons-material';
import type { SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import type { CommandName } from './commands.ts';

export const COMMAND_ICONS: Record<CommandName, ComponentType<SvgIconProps>> = {
  edit: EditOutlined,
  delete: DeleteOutlined,
  rotateLeft: RotateLeft,
  rotateRight: RotateRight,
  duplicate: ContentCopy,
  enhance: AutoFixHigh,
  unenhance: AutoFixOff,
};
