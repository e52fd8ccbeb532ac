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
  editable: boolean;
  readOnly: boolean;
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
  return {
    videoAuthOrId: refText(ref),
    isAnonymous,
    uploadLinkEnabled: !isAnonymous && Boolean(org?.uploadLinksEnabled),
    uploadLinkNote: facts?.uploadLinkNote ?? '',
    editable: facts?.editable ?? true,
    readOnly: facts?.readOnly ?? false,
    manageable: !isAnonymous && Boolean(facts?.manageable ?? ref.kind === 'new'),
    showBranding: !isAnonymous && Boolean(org?.showBranding),
    regeneration: facts?.regeneration ?? false,
    familyIsFinished: facts?.familyUploadFinished ?? false,
    organizationName: org?.organizationName ?? navbarOrganizationName ?? null,
    editLink: facts?.editLink ?? null,
  };
}
