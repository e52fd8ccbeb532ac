import { Box, Chip, Typography } from '@mui/material';
import { useMemo } from 'react';
import useSWR from 'swr';
import { PALETTE_MESSAGE, paletteOf } from '../../../../../common/theme-palette.ts';
import type { WireAdminTheme } from '../../../../../server/src/wire/theme.ts';
import { getJson, type Camelized } from '../../../api/index.ts';
import { ThemePreview } from '../../themes/ThemePreview.tsx';
import { AdminResourcePage } from '../resource/AdminResourcePage.tsx';
import type { ResourceDeclaration } from '../resource/types.ts';

type AdminTheme = Camelized<WireAdminTheme>;

const VISIBILITY = [
  { value: 'released', label: 'Released' },
  { value: 'unreleased', label: 'Unreleased (super users only)' },
  { value: 'hidden', label: 'Hidden' },
] as const;

const ART_FAMILIES = [
  { value: '', label: 'As it is (a new theme: as the theme it starts from)' },
  { value: 'watercolour', label: 'Watercolour' },
  { value: 'botanical', label: 'Botanical' },
  { value: 'bokeh', label: 'Bokeh' },
  { value: 'paper', label: 'Paper' },
  { value: 'sky', label: 'Sky' },
  { value: 'stained-glass', label: 'Stained glass' },
];

/** The theme's picker icon (176 by 99), half size. */
function Icon({ theme }: { theme: AdminTheme }) {
  const frame = { width: 88, height: 50, borderRadius: 1, bgcolor: 'grey.200', display: 'block', objectFit: 'cover' } as const;
  return theme.thumbnailUrl ? <Box component="img" src={theme.thumbnailUrl} alt="" width={88} height={50} loading="lazy" sx={frame} /> : <Box sx={frame} />;
}

function VisibilityChip({ theme }: { theme: AdminTheme }) {
  if (theme.visibility === 'hidden') return <Chip size="small" label="Hidden" variant="outlined" />;
  if (theme.visibility === 'unreleased') return <Chip size="small" label="Unreleased" color="primary" variant="outlined" />;
  return <Chip size="small" label="Released" color="success" variant="outlined" />;
}

/**
 * The engine's preview in the edit form: the picker's own preview (features/themes/ThemePreview.tsx) with, as its
 * still, the frame of a video's intro the render engine draws for the theme as saved.
 */
function EnginePreview({ theme }: { theme: AdminTheme }) {
  return (
    <Box>
      <ThemePreview theme={{ id: theme.id, themeTitle: theme.themeTitle, tags: theme.tags, thumbnailUrl: theme.thumbnailUrl, previewUrl: theme.pickerPreviewUrl, posterUrl: theme.previewUrl, custom: false }} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        As the render engine draws the saved theme. Save to see a change; the picture is drawn again in a few seconds.
      </Typography>
    </Box>
  );
}

function themes(all: AdminTheme[]): ResourceDeclaration<AdminTheme> {
  return {
    title: 'Themes',
    noun: 'theme',
    path: '/r/settings/themes',
    listKey: 'themes',
    searchLabel: 'Search themes',
    columns: [
      { label: 'Icon', render: (t) => <Icon theme={t} /> },
      { label: 'Title', render: (t) => t.themeTitle },
      { label: 'Tags', render: (t) => t.tags || '—', secondary: true },
      { label: 'Visibility', render: (t) => <VisibilityChip theme={t} /> },
      { label: 'Order', render: (t) => t.position ?? '—', secondary: true },
      { label: 'Art', render: (t) => ART_FAMILIES.find((f) => f.value === t.artFamily)?.label ?? '—', secondary: true },
    ],
    formPanel: (t) => (t ? <EnginePreview theme={t} /> : null),
    fields: [
      {
        key: 'baseThemeId',
        label: 'Start from',
        kind: 'select',
        required: true,
        createOnly: true,
        options: all.map((t) => ({ value: String(t.id), label: t.themeTitle })),
        helper: 'The new theme takes this theme’s type, colours, timings and slide looks.',
      },
      { key: 'themeTitle', label: 'Title', kind: 'text', required: true },
      { key: 'tags', label: 'Tags', kind: 'text', max: 500, helper: 'Separated by commas; the picker’s search finds a theme by its title and tags.' },
      { key: 'visibility', label: 'Visibility', kind: 'select', options: VISIBILITY },
      { key: 'position', label: 'Order', kind: 'number', min: 1, max: 100000, helper: 'The picker lists themes by this number (and Most Popular breaks ties by it). Empty: after the numbered ones.' },
      { key: 'artFamily', label: 'Art family', kind: 'select', options: ART_FAMILIES, initial: '' },
      { key: 'artSeed', label: 'Art seed', kind: 'number', min: 1, max: 999999, helper: 'Another number draws the same art family another way.' },
      { key: 'palette', label: 'Palette', kind: 'text', max: 100, helper: 'Five colours, ground first: ground, light, mid, accent, deep. E.g. #f7f3ee, #ece4f0, #b8a5c9, #8f7bab, #5d4e75' },
    ],
    check: (v): Record<string, string> => (typeof v.palette === 'string' && v.palette && !paletteOf(v.palette) ? { palette: PALETTE_MESSAGE } : {}),
    rowName: (t) => t.themeTitle,
    dimmed: (t) => t.visibility === 'hidden',
    // A theme that ships with the product is hidden, not deleted (the server refuses too).
    remove: {
      canRemove: (t) => !t.catalogue,
      message: (t) => `"${t.themeTitle}" will be deleted. A theme that videos or custom themes use cannot be; hide it instead.`,
    },
    noMatchText: (search) => `No themes match "${search}".`,
  };
}

/** Super users' themes (/settings/themes): what the theme picker offers, in which order, and how each is drawn. */
export function ThemesPage() {
  // The themes a new one may start from: every theme, for the form's list.
  const { data } = useSWR('/r/settings/themes?per_page=100', (url: string) => getJson<{ themes: AdminTheme[] }>(url));
  const resource = useMemo(() => themes(data?.themes ?? []), [data]);
  return <AdminResourcePage resource={resource} />;
}
