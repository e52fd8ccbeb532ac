import { Box } from '@mui/material';
import type { Slide } from '../../api/index.ts';
import { COMMAND_ICONS } from './commandIcons.tsx';
import { tileToolCommands, type CommandName } from './commands.ts';
import { ToolButton } from './ToolButton.tsx';

/** Rotate Left, Rotate Right (not for text slides), Edit and Delete inside a tile (spec 2 "Slide tile"). */
export function TileTools({ slide, busy, onCommand }: { slide: Slide; busy: boolean; onCommand(name: CommandName, id: number): void }) {
  return (
    <Box className="tile-tools" onPointerDown={(e) => e.stopPropagation()} sx={{ position: 'absolute', top: 4, right: 4, display: 'flex', gap: 0.25 }}>
      {tileToolCommands(slide).map((command) => {
        const Icon = COMMAND_ICONS[command.name];
        return (
          <ToolButton
            key={command.name}
            label={command.label}
            placement="top"
            size="small"
            disabled={busy && command.name !== 'edit'}
            icon={<Icon sx={{ fontSize: 18 }} />}
            onClick={(e) => {
              e.stopPropagation();
              onCommand(command.name, slide.id);
            }}
            sx={{ width: 28, height: 28, bgcolor: 'rgba(255,255,255,0.92)', color: 'text.primary', '&:hover': { bgcolor: '#fff' } }}
          />
        );
      })}
    </Box>
  );
}
