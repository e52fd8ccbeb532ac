import { TimerOutlined } from '@mui/icons-material';
import { useState } from 'react';
import type { Slide } from '../../api/index.ts';
import { sameTime, sharedTime, slideTimeTargets } from './editor/slide-time.ts';
import { SlideTimeDialog } from './editor/SlideTimeDialog.tsx';
import type { SlideEdits } from './editor/useSlideEdits.ts';
import { customizeToolsEnabled } from './look/chooser.ts';
import { ToolButton } from './ToolButton.tsx';

/**
 * The grid tools' Set Custom Slide Time (spec 2 "Grid tools"): one Slide Time dialog for the selected photos and text
 * slides, each saved with the time chosen (those already at it are not sent). Enabled as the other customize tools.
 */
export function SlideTimeTool({ selected, coverId, edits }: { selected: readonly Slide[]; coverId: number | null; edits: SlideEdits }) {
  const [chosen, setChosen] = useState<Slide[] | null>(null);
  const targets = slideTimeTargets(selected, coverId);
  return (
    <>
      <ToolButton
        label="Set Custom Slide Time"
        icon={<TimerOutlined />}
        disabled={!customizeToolsEnabled(selected, coverId) || targets.length === 0}
        data-command="custom-slide-time"
        onClick={() => setChosen(targets)}
      />
      {chosen && (
        <SlideTimeDialog
          value={sharedTime(chosen)}
          onSave={(time) => {
            for (const slide of chosen.filter((s) => !sameTime(s, time))) void edits.save(slide.id, time);
          }}
          onClose={() => setChosen(null)}
        />
      )}
    </>
  );
}
