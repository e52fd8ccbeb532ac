import type { CreatorVideo, SetupOrganization } from '../../api/index.ts';

/** A creator URL names a new video, a video id (staff) or a family upload-link hash (CONVENTIONS). */
export type CreatorRef = { kind: 'new' } | { kind: 'id'; id: number } | { kind: 'link'; hash: string };

export function parseCreatorRef(param: string | undefined): CreatorRef | null {
  if (param === undefined || param === 'new') return { kind: 'new' };
  if (/^\d+$/.test(param)) return { kind: 'id', id: Number(param) };
  return /^[A-Za-z0-9_-]+$/.test(param) ? { kind: 'link', hash: param } : null;
}

/** What the creator pages know (spec 1, section 2.1 "Creator props"); videoAuthOrId is null until the video exists. */
export interface CreatorProps {
  videoAuthOrId: string | null;
  isAnonymous: boolean;
  uploadLinkEnabled: boolean;
  uploadLinkNote: string;
  /** The video is not finalized and this caller may change it (never an upload-only link): Preview shows. */
  editable: boolean;
  /** The video itself is read-only (finalized): no uploads, no edits, the read-only notice. */
  readOnly: boolean;
  /**
   * Staff, or a family link with full access (level 1). False for an upload-only link (level 2), which may add
   * slides but change nothing: its setup and music are read-only (see setupReadOnly).
   */
  fullAccess: boolean;
  manageable: boolean;
  showBranding: boolean;
  regeneration: boolean;
  familyIsFinished: boolean;
  organizationName: string | null;
  editLink: string | null;
}

export interface CreatorSources {
  ref: CreatorRef;
  /** GET /r/videos/{id}, once the video exists and has loaded. */
  video?: CreatorVideo;
  /** GET /r/videos/setup_options, for a video not made yet. */
  organization?: SetupOrganization;
  /** The signed-in user's organization name from the top bar, until the video names its own. */
  navbarOrganizationName?: string | null;
}

const refText = (ref: CreatorRef): string | null => (ref.kind === 'id' ? String(ref.id) : ref.kind === 'link' ? ref.hash : null);

/** The creator props from the video, its organization and who is looking. */
export function creatorPropsOf({ ref, video, organization, navbarOrganizationName }: CreatorSources): CreatorProps {
  const isAnonymous = ref.kind === 'link';
  const facts = video?.creator;
  const org = facts?.organization ?? organization;
  // An upload-only link (level 2) may view and add slides, nothing else (server/src/services/video-access.ts):
  // it is not editable, so Preview drops out; a family counts as upload-only until the server says otherwise.
  const fullAccess = facts?.fullAccess ?? !isAnonymous;
  return {
    videoAuthOrId: refText(ref),
    isAnonymous,
    uploadLinkEnabled: !isAnonymous && Boolean(org?.uploadLinksEnabled),
    uploadLinkNote: facts?.uploadLinkNote ?? '',
    editable: (facts?.editable ?? true) && fullAccess,
    readOnly: facts?.readOnly ?? false,
    fullAccess,
    manageable: !isAnonymous && Boolean(facts?.manageable ?? ref.kind === 'new'),
    showBranding: !isAnonymous && Boolean(org?.showBranding),
    regeneration: facts?.regeneration ?? false,
    familyIsFinished: facts?.familyUploadFinished ?? false,
    organizationName: org?.organizationName ?? navbarOrganizationName ?? null,
    editLink: facts?.editLink ?? null,
  };
}

/**
 * Setup and music are in read-only mode (spec 1, sections 2.2 and 2.7): for a read-only video, and for an upload-only
 * family link, which may add slides but not change the words, the theme or the music.
 */
export const setupReadOnly = (props: Pick<CreatorProps, 'readOnly' | 'fullAccess'>): boolean => props.readOnly || !props.fullAccess;
