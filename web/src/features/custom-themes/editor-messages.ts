/**
 * What the editor page in the frame tells the dialog around it (same origin only): its content height, so the
 * frame grows to fit (spec 1, section 9: content plus 25 px), and whether the intro still lacks its scene.
 */
export interface EditorMessage {
  type: 'custom-theme-editor';
  height: number;
  introMissing: boolean;
}

/** Spec 1, section 9. */
export const FRAME_EXTRA_HEIGHT = 25;

export function isEditorMessage(data: unknown): data is EditorMessage {
  const message = data as Partial<EditorMessage> | null;
  return message?.type === 'custom-theme-editor' && typeof message.height === 'number' && typeof message.introMissing === 'boolean';
}

export const editorPath = (customThemeId: number, videoId: number, themeId: number): string =>
  `/custom_themes/${customThemeId}/edit/${videoId}/${themeId}`;
