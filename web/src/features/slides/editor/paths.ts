/** The slide editor's addresses (spec 2 route table): /slides/{id}, its tools, and the same under /creator/{ref}/slides. */

export const TOOLS = ['crop', 'custom_zoom', 'color', 'blemishes', 'redeyes', 'straighten'] as const;
export type Tool = (typeof TOOLS)[number];

export const isTool = (value: unknown): value is Tool => typeof value === 'string' && (TOOLS as readonly string[]).includes(value);

/** Where the workspace's dialogs live: the grid, and a slide (with a tool) in whichever address form the page uses. */
export interface EditorPaths {
  grid: string;
  slide(id: number, tool?: Tool): string;
}

/** The creator step's own addresses: /creator/{ref}/slides/{id}[/{tool}]. */
export function creatorPaths(pageRef: string): EditorPaths {
  const grid = `/creator/${pageRef}/slides`;
  return { grid, slide: (id, tool) => `${grid}/${id}${tool ? `/${tool}` : ''}` };
}

/** The short addresses /slides/{id}[/{tool}]; closing goes to the video's grid. */
export function shortPaths(videoId: number): EditorPaths {
  return { grid: `/creator/${videoId}/slides`, slide: (id, tool) => `/slides/${id}${tool ? `/${tool}` : ''}` };
}

/** /creator/{ref}/slides[/{id|new_text}[/{tool}]]: one route keeps the grid mounted under every dialog. */
export const CREATOR_SLIDES_PATH = /^\/creator\/(?<videoAuthOrId>[^/]+)\/slides(?:\/(?<slideId>[^/]+)(?:\/(?<tool>[^/]+))?)?\/?$/;

/** /slides/{id}[/{tool}]: only digits, so /slides/rubbish_bin/... and the other slide pages are not taken. */
export const SHORT_SLIDE_PATH = /^\/slides\/(?<slideId>\d+)(?:\/(?<tool>[a-z_]+))?\/?$/;

export type EditorTarget = { kind: 'grid' } | { kind: 'new_text' } | { kind: 'slide'; id: number; tool: Tool | null } | { kind: 'invalid' };

/** What the part of the address after /slides/ asks for. An unknown tool is invalid (the grid takes over). */
export function editorTarget(slideId: string | undefined, tool: string | undefined): EditorTarget {
  if (!slideId) return tool ? { kind: 'invalid' } : { kind: 'grid' };
  if (slideId === 'new_text') return tool ? { kind: 'invalid' } : { kind: 'new_text' };
  if (!/^\d+$/.test(slideId)) return { kind: 'invalid' };
  if (tool === undefined || tool === '') return { kind: 'slide', id: Number(slideId), tool: null };
  return isTool(tool) ? { kind: 'slide', id: Number(slideId), tool } : { kind: 'invalid' };
}

/** History state marking an entry pushed from the previous one, so closing it goes Back instead of adding an entry. */
export interface OpenedState {
  editorOpened?: 'dialog' | 'tool';
}

export const openedFrom = (state: unknown): OpenedState['editorOpened'] => (state as OpenedState | null)?.editorOpened;
