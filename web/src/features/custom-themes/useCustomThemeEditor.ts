import { useCallback, useEffect, useRef, useState } from 'react';
import {
  changeCustomTheme,
  fetchCustomTheme,
  uploadCustomThemePicture,
  type CustomThemeChange,
  type CustomThemeReply,
  type PictureSlot,
} from '../../api/index.ts';

/** The custom theme being edited: loaded once, every change saved at once and answered with the new state. */
export function useCustomThemeEditor(customThemeId: number) {
  const [reply, setReply] = useState<CustomThemeReply | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(0);
  // Answers may come back out of order; only the last asked-for one is shown.
  const latest = useRef(0);

  useEffect(() => {
    let live = true;
    fetchCustomTheme(customThemeId).then(
      (data) => live && setReply(data),
      (err: Error) => live && setLoadError(err.message),
    );
    return () => {
      live = false;
    };
  }, [customThemeId]);

  const run = useCallback(async (call: () => Promise<CustomThemeReply>) => {
    const ticket = ++latest.current;
    setSaving((n) => n + 1);
    try {
      const next = await call();
      if (ticket === latest.current) setReply(next);
    } finally {
      setSaving((n) => n - 1);
    }
  }, []);

  const change = useCallback(
    (values: CustomThemeChange) => {
      setReply((r) => r && { ...r, customTheme: { ...r.customTheme, ...('title' in values ? { title: values.title ?? '' } : {}), design: { ...r.customTheme.design, ...designPart(values) } } });
      return run(() => changeCustomTheme(customThemeId, values)).catch(() => undefined);
    },
    [customThemeId, run],
  );

  const upload = useCallback((slot: PictureSlot, file: File) => run(() => uploadCustomThemePicture(customThemeId, slot, file)), [customThemeId, run]);

  return { reply, loadError, saving: saving > 0, change, upload };
}

/** The editor shows a change at once; the server's answer then replaces it (pictures are cleared by address). */
function designPart(values: CustomThemeChange): Partial<CustomThemeReply['customTheme']['design']> {
  const { title: _title, introImage, backgroundImage, ...rest } = values;
  return {
    ...rest,
    ...(introImage === null ? { introImageUrl: null } : {}),
    ...(backgroundImage === null ? { backgroundImageUrl: null } : {}),
  };
}
