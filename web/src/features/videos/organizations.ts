import type { OrganizationName, VideoListItem } from '../../api/index.ts';

export type ListedVideo = VideoListItem & { organizationName: string };

/** Spec 1, 3: organization 0 is named from tmpOrgName or 'Zero Org'; unknown ones are 'Unnamed Organization'. */
export function withOrganizationNames(videos: VideoListItem[], organizations: OrganizationName[], tmpOrgName: string | null): ListedVideo[] {
  const names = new Map(organizations.map((o) => [o.id, o.organizationName]));
  const nameOf = (id: number) => (id === 0 ? tmpOrgName || 'Zero Org' : names.get(id) || 'Unnamed Organization');
  return videos.map((v) => ({ ...v, organizationName: nameOf(v.organizationId) }));
}
