/** The live-sync channel (spec 3, 4.10) as typed events; nothing else names these strings. */
export interface SubscribeRequest {
  video_id: number | string;
  security_hash?: string;
}

export interface UpdateMessage {
  update_id: number;
  server_id: string;
  /** Socket id of the editor whose call caused it, so that client ignores its own. */
  owner: string | null;
}

/** The slides an editor is dragging in the grid right now; `ids` empty when the drag ended (spec 2 "someone-else-dragging"). */
export interface DraggingRequest {
  video_id: number | string;
  ids: number[];
}

export interface DraggingMessage {
  /** Socket id of the editor dragging. */
  owner: string;
  ids: number[];
}

export interface ServerToClientEvents {
  update: (message: UpdateMessage) => void;
  editors: (message: { count: number }) => void;
  subscribed: (message: { update_id: number; server_id: string }) => void;
  error: (message: { message: string }) => void;
  dragging: (message: DraggingMessage) => void;
}

export interface ClientToServerEvents {
  subscribe: (request: SubscribeRequest) => void;
  update: (request: { video_id: number | string }) => void;
  dragging: (request: DraggingRequest) => void;
}

export const LIVE_PATH = '/jute/socket.io/';
export const LIVE_HEADER = 'X-Live-Socket';
/** More slide ids than this in one `dragging` message is not a drag; the message is ignored. */
export const MAX_DRAGGING_IDS = 20_000;
