import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { COMMAND_ICONS } from './commandIcons.tsx';
import { gridToolCommands, type CommandContext, type SlideActions } from './commands.ts';
import { ToolButton } from './ToolButton.tsx';

interface Props {
  context: CommandContext;
  actions: SlideActions;
  /** Sticks below the top of the window while the grid scrolls. */
  top?: number;
  /** More tools after the commands (the look choosers). */
  children?: ReactNode;
}

/** The side column of grid tools (spec 2 "Grid tools"), acting on the selected slides. */
export function GridTools({ context, actions, top = 8, children }: Props) {
  return (
    <Box
      role="toolbar"
      aria-label="Slide tools"
      aria-orientation="vertical"
      data-keep-selection
      sx={{ position: 'sticky', top, alignSelf: 'flex-start', display: 'flex', flexDirection: 'column', gap: 0.5, mr: { xs: 0.5, sm: 1.5 }, p: 0.5, borderRadius: 2, bgcolor: 'background.paper', boxShadow: 1 }}
    >
      {gridToolCommands(context).map((command) => {
        const Icon = COMMAND_ICONS[command.name];
        return (
          <ToolButton
            key={command.name}
            label={command.label}
            icon={<Icon />}
            disabled={!command.enabled(context)}
            onClick={() => command.perform(context, actions)}
            data-command={command.name}
          />
        );
      })}
      {children}
    </Box>
  );
}
