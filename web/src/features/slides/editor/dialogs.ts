/** The small dialogs the slide dialog opens over itself. */
export type EditorDialog = 'caption' | 'slideTime' | 'inspect' | 'shortcuts' | 'download' | 'volume' | 'trim' | 'preview';
