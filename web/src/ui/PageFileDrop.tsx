import { Box, Paper, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useEffect, useRef, useState, type ReactNode } from 'react';

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

interface Props {
  enabled?: boolean;
  /** Called with the drop's data; a drop target inside the page that called preventDefault keeps its drop. */
  onDrop(data: DataTransfer): void;
  icon: ReactNode;
  title: string;
  hint?: string;
  testId: string;
}

/** Files dragged anywhere over the page show a full-page overlay and are handed over on drop. */
export function PageFileDrop({ enabled = true, onDrop, icon, title, hint, testId }: Props) {
  const [over, setOver] = useState(false);
  const latest = useRef(onDrop);
  useEffect(() => {
    latest.current = onDrop;
  });

  useEffect(() => {
    if (!enabled) return;
    // dragenter and dragleave fire for every element crossed; the overlay goes when the count is back to zero.
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setOver(true);
    };
    const hover = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const drop = (event: DragEvent) => {
      depth = 0;
      setOver(false);
      if (!carriesFiles(event) || !event.dataTransfer || event.defaultPrevented) return;
      event.preventDefault();
      latest.current(event.dataTransfer);
    };
    const handlers = { dragenter: enter, dragover: hover, dragleave: leave, drop } as const;
    for (const [name, handler] of Object.entries(handlers)) window.addEventListener(name, handler as EventListener);
    return () => {
      for (const [name, handler] of Object.entries(handlers)) window.removeEventListener(name, handler as EventListener);
      setOver(false);
    };
  }, [enabled]);

  if (!over) return null;
  return (
    <Box
      data-testid={testId}
      sx={(t) => ({
        position: 'fixed',
        inset: 0,
        zIndex: t.zIndex.modal + 1,
        pointerEvents: 'none',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: alpha(t.palette.primary.main, 0.14),
        backdropFilter: 'blur(2px)',
        '&::after': { content: '""', position: 'absolute', inset: { xs: 8, sm: 16 }, border: `3px dashed ${t.palette.primary.main}`, borderRadius: 3 },
      })}
    >
      <Paper elevation={6} sx={{ px: 4, py: 3, textAlign: 'center', maxWidth: 360 }}>
        {icon}
        <Typography variant="h3" component="p" sx={{ mt: 1 }}>
          {title}
        </Typography>
        {hint && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {hint}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
