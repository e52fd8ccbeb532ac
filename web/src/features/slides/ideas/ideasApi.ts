import { sendForm, sendJson } from '../../../api/http.ts';
import type { VideoRef } from '../../../api/index.ts';

/** Spec 2 "Idea": accepted is null while pending, true accepted, false ignored; na when nothing is suggested. */
export interface Idea {
  flavor: 'rotation';
  slideId: number;
  accepted: boolean | null;
  na: boolean;
  angle: number | null;
}

/**
 * POST /r/slides/ideas: the ideas found so far; errors are silent (spec 2 section 7). sendJson has already turned
 * the wire's slide_id into slideId (reading slide_id here found nothing, so no idea was ever shown).
 */
export async function fetchIdeas(videoId: VideoRef, ids: number[]): Promise<Idea[]> {
  const reply = await sendJson<{ ideas: Idea[] }>('POST', '/r/slides/ideas', { ids, videoId }, { alertErrors: false });
  return reply.ideas.map((i) => ({ flavor: i.flavor, slideId: i.slideId, accepted: i.accepted, na: i.na, angle: i.angle }));
}

/** POST /r/slides/accept_ideas, form-encoded: rotation is the map of slide id to accepted, as JSON text. */
export async function acceptIdeas(videoId: VideoRef, decisions: Record<number, boolean>): Promise<void> {
  await sendForm('/r/slides/accept_ideas', { rotation: JSON.stringify(decisions), video_id: String(videoId) });
}
