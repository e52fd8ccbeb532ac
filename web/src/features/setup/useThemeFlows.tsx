import { useState } from 'react';
import { CUSTOM_THEME_BASE_ID } from '../../../../common/custom-theme.ts';
import { createCustomTheme, deleteCustomTheme, showAlert, type ThemeTile } from '../../api/index.ts';
import { ConfirmDialog } from '../../ui/index.ts';
import { CustomThemeDialog } from '../custom-themes/index.ts';
import { themeChoice } from '../themes/index.ts';
import type { SetupValues } from './setup-values.ts';

/** Spec 1, section 5. */
export const TITLE_FIRST_MESSAGE = 'Please enter a video title first.';
export const DELETE_CUSTOM_MESSAGE = 'Are you sure you want to delete this custom theme?';

interface Options {
  videoId: number | null;
  customThemeId: number | null;
  apply(patch: Partial<SetupValues>): void;
  adopt(patch: Partial<SetupValues>): void;
  /** The theme list changed (a custom theme made, edited or deleted; the current theme changed). */
  refreshThemes(): void;
  closePicker(): void;
}

/** Choosing, making, editing and deleting themes from the setup page. */
export function useThemeFlows({ videoId, customThemeId, apply, adopt, refreshThemes, closePicker }: Options) {
  const [editing, setEditing] = useState<{ id: number; themeId: number } | null>(null);
  const [deleting, setDeleting] = useState<ThemeTile | null>(null);

  async function create(baseThemeId: number) {
    if (videoId === null) return showAlert(TITLE_FIRST_MESSAGE);
    try {
      const { customThemeId: id } = await createCustomTheme(videoId, baseThemeId);
      setEditing({ id, themeId: baseThemeId });
      refreshThemes();
    } catch {
      // The API layer showed why.
    }
  }

  async function remove(theme: ThemeTile) {
    setDeleting(null);
    try {
      await deleteCustomTheme(theme.id);
      if (theme.id === customThemeId) adopt({ themeId: 0, customThemeId: null });
      refreshThemes();
    } catch {
      // The API layer showed why.
    }
  }

  const dialogs = (
    <>
      {editing && videoId !== null && (
        <CustomThemeDialog
          customThemeId={editing.id}
          videoId={videoId}
          themeId={editing.themeId}
          onDone={() => {
            apply({ themeId: editing.themeId, customThemeId: editing.id });
            setEditing(null);
            refreshThemes();
            closePicker();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete custom theme"
        message={DELETE_CUSTOM_MESSAGE}
        confirmLabel="Delete"
        danger
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );

  return {
    dialogs,
    applyTheme(theme: ThemeTile) {
      apply(themeChoice(theme));
      refreshThemes();
      closePicker();
    },
    customTheme: () => void create(CUSTOM_THEME_BASE_ID),
    customize: (theme: ThemeTile) => void create(theme.id),
    editCustom: (theme: { id: number; themeId?: number }) => setEditing({ id: theme.id, themeId: theme.themeId ?? 0 }),
    deleteCustom: (theme: ThemeTile) => setDeleting(theme),
  };
}
