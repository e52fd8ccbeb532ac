import { Box } from '@mui/material';
import { memo } from 'react';
import { previewFontSize, TEXT_SLIDE_FONT_FAMILY, textLook } from './textSlide.ts';

interface Props {
  caption: string;
  fontSize: number;
  background: number | null;
  /** Height the preview is drawn at: the text size scales from the 720-line frame. Without it, the size follows
   * the enclosing size container (a FrameBox). */
  height?: number;
}

/** A text slide drawn as it will look: its caption in Quicksand Bold on its background. */
export const TextSlideFace = memo(function TextSlideFace({ caption, fontSize, background, height }: Props) {
  const look = textLook(background);
  return (
    <Box sx={{ position: 'absolute', inset: 0, overflow: 'hidden', background: look.background, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Box
        sx={{
          px: '6%',
          color: look.color,
          fontFamily: TEXT_SLIDE_FONT_FAMILY,
          fontWeight: 700,
          lineHeight: 1.25,
          textAlign: 'center',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          maxHeight: '100%',
          overflow: 'hidden',
        }}
        style={{ fontSize: height === undefined ? `calc(${previewFontSize(fontSize, 100)} * 1cqh)` : previewFontSize(fontSize, height) }}
      >
        {caption}
      </Box>
    </Box>
  );
});

/** The text slide font, served with the app (SIL Open Font License). */
export const QUICKSAND_FONT_FACE = {
  '@font-face': {
    fontFamily: 'Quicksand',
    fontWeight: 700,
    fontDisplay: 'swap',
    src: "local('Quicksand Bold'), local('Quicksand-Bold'), url('/assets/Quicksand-Bold.ttf') format('truetype')",
  },
};
