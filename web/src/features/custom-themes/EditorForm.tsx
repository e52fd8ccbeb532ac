import { Alert, Box, FormControl, FormControlLabel, FormLabel, InputLabel, MenuItem, Radio, RadioGroup, Select, Switch, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { backgroundModes, INTRO_MISSING_MESSAGE, type BackgroundMode } from '../../../../common/custom-theme.ts';
import type { CustomThemeChange, CustomThemeReply, PictureSlot } from '../../api/index.ts';
import { DraftField } from './DraftFields.tsx';
import { PictureField } from './PictureField.tsx';

const BACKGROUND_LABELS: Record<BackgroundMode, string> = { theme: "The theme's artwork", colour: 'A colour', image: 'A picture' };

interface Props {
  reply: CustomThemeReply;
  introMissing: boolean;
  onChange(change: CustomThemeChange): void;
  onUpload(slot: PictureSlot, file: File): Promise<void>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ py: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="h3" component="h2" sx={{ fontSize: '1.05rem', mb: 1.5 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>{children}</Box>
    </Box>
  );
}

function FontSelect({ id, label, value, fonts, onChange }: { id: string; label: string; value: string; fonts: CustomThemeReply['fonts']; onChange(key: string): void }) {
  return (
    <FormControl size="small" sx={{ minWidth: 240 }}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select id={id} labelId={`${id}-label`} label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        {fonts.map((f) => (
          <MenuItem key={f.key} value={f.key}>
            {f.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** The custom theme's choices (spec 1, section 2.3): intro, background, title and caption lettering. */
export function EditorForm({ reply, introMissing, onChange, onUpload }: Props) {
  const { customTheme: theme, fonts } = reply;
  const { design } = theme;
  return (
    <>
      <Box sx={{ display: 'flex', pb: 2 }}>
        <DraftField id="custom-theme-name" label="Name" value={theme.title} maxLength={250} onCommit={(title) => onChange({ title })} />
      </Box>
      <Section title="Intro">
        <FormControlLabel
          control={<Switch checked={design.introEnabled} onChange={(e) => onChange({ introEnabled: e.target.checked })} />}
          label="Begin the video with an intro"
        />
        {design.introEnabled && (
          <PictureField
            id="intro-picture"
            label="First Scene"
            imageUrl={design.introImageUrl}
            onUpload={(file) => onUpload('intro', file)}
            onRemove={() => onChange({ introImage: null })}
          />
        )}
        {introMissing && (
          <Alert severity="error" role="alert">
            {INTRO_MISSING_MESSAGE}
          </Alert>
        )}
      </Section>
      <Section title="Background">
        <FormControl>
          <FormLabel id="background-mode-label">Behind the photos</FormLabel>
          <RadioGroup row aria-labelledby="background-mode-label" value={design.backgroundMode} onChange={(e) => onChange({ backgroundMode: e.target.value as BackgroundMode })}>
            {backgroundModes(theme.themeId).map((mode) => (
              <FormControlLabel key={mode} value={mode} control={<Radio />} label={BACKGROUND_LABELS[mode]} />
            ))}
          </RadioGroup>
        </FormControl>
        {design.backgroundMode === 'colour' && (
          <DraftField id="background-colour" label="Background colour" type="color" value={design.backgroundColour} onCommit={(backgroundColour) => onChange({ backgroundColour })} />
        )}
        {design.backgroundMode === 'image' && (
          <PictureField
            id="background-picture"
            label="Background"
            imageUrl={design.backgroundImageUrl}
            onUpload={(file) => onUpload('background', file)}
            onRemove={() => onChange({ backgroundImage: null })}
          />
        )}
      </Section>
      <Section title="Title">
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <FontSelect id="title-font" label="Title font" value={design.titleFont} fonts={fonts} onChange={(titleFont) => onChange({ titleFont })} />
          <DraftField id="title-colour" label="Title colour" type="color" value={design.titleColour} onCommit={(titleColour) => onChange({ titleColour })} />
        </Box>
      </Section>
      <Section title="Captions">
        <FontSelect id="caption-font" label="Caption font" value={design.captionFont} fonts={fonts} onChange={(captionFont) => onChange({ captionFont })} />
      </Section>
    </>
  );
}
