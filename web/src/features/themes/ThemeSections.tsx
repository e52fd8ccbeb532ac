import { Box, Typography } from '@mui/material';
import type { ThemeTile } from '../../api/index.ts';
import { tileKey, type PickerSection } from './picker-sections.ts';
import { ThemeTileCard } from './ThemeTileCard.tsx';

interface Props {
  sections: PickerSection[];
  selectedKey: string | null;
  currentKey: string | null;
  showFavorites: boolean;
  onSelect(theme: ThemeTile): void;
  onApply(theme: ThemeTile): void;
  onFavorite(theme: ThemeTile): void;
  onEditCustom(theme: ThemeTile): void;
  onDeleteCustom(theme: ThemeTile): void;
}

export function ThemeSections({ sections, selectedKey, currentKey, showFavorites, onSelect, onApply, onFavorite, onEditCustom, onDeleteCustom }: Props) {
  if (sections.length === 0) {
    return (
      <Typography role="status" sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>
        No themes match your search.
      </Typography>
    );
  }
  return (
    <>
      {sections.map((section) => (
        <Box component="section" key={section.key} aria-labelledby={`theme-section-${section.key}`} sx={{ mb: 3 }}>
          <Typography id={`theme-section-${section.key}`} variant="h3" component="h3" sx={{ mb: 1, fontSize: '1.05rem' }}>
            {section.title}
          </Typography>
          <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, justifyContent: { xs: 'center', sm: 'flex-start' } }}>
            {section.themes.map((theme) => {
              const key = tileKey(theme);
              return (
                <ThemeTileCard
                  key={key}
                  theme={theme}
                  selected={key === selectedKey}
                  current={key === currentKey}
                  showFavorite={showFavorites && !theme.custom}
                  onSelect={onSelect}
                  onApply={onApply}
                  onFavorite={onFavorite}
                  onEdit={theme.custom ? onEditCustom : undefined}
                  onDelete={theme.custom ? onDeleteCustom : undefined}
                />
              );
            })}
          </Box>
        </Box>
      ))}
    </>
  );
}
