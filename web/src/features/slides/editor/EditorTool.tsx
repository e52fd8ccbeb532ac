import { BlemishTool } from './BlemishTool.tsx';
import { ColorTool } from './ColorTool.tsx';
import { CropTool } from './CropTool.tsx';
import { CustomZoomTool } from './CustomZoomTool.tsx';
import type { Tool } from './paths.ts';
import { RedEyeTool } from './RedEyeTool.tsx';
import { StraightenTool } from './StraightenTool.tsx';
import type { ToolProps } from './tool-props.ts';

/** The tool an address names (spec 2 route table), over the slide dialog. */
export function EditorTool({ tool, ...props }: ToolProps & { tool: Tool }) {
  switch (tool) {
    case 'crop':
      return <CropTool {...props} />;
    case 'color':
      return <ColorTool {...props} />;
    case 'straighten':
      return <StraightenTool {...props} />;
    case 'redeyes':
      return <RedEyeTool {...props} />;
    case 'blemishes':
      return <BlemishTool {...props} />;
    case 'custom_zoom':
      return <CustomZoomTool {...props} />;
  }
}
