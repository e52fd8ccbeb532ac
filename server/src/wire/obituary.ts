/** Wire shape of the obituary widget (spec 3 sections 2.8, 3.2). */

/** GET /r/obituaries/status?video_id= (spec 3 section 3.2 "Obituary status response"); null where nothing matched. */
export interface WireObituaryStatus {
  website: { id: number; name: string; obituary_slug: string } | null;
  domain: { domain: string } | null;
  obituary: { id: number; slug: string; published_at: string | null; deleted_at: string | null } | null;
  obituary_video: { name: string; deleted_at: string | null; is_ready: boolean } | null;
}
