import { useMemo, useState } from 'react';
import { useCreatorVideo, useMe, useNavbar, useSetupOptions } from '../../api/index.ts';
import { creatorPropsOf, parseCreatorRef, type CreatorRef } from './creator-props.ts';

/**
 * The creator props of a creator page, computed once from GET /r/videos/{id} (or, before the video exists,
 * the user's organization) and the top bar. `announceVideoId` switches a new video's steps to its id.
 */
export function useCreator(param: string | undefined) {
  const [announced, setAnnounced] = useState<number | null>(null);
  const parsed = useMemo(() => parseCreatorRef(param), [param]);
  const ref = useMemo<CreatorRef | null>(() => (parsed?.kind === 'new' && announced !== null ? { kind: 'id', id: announced } : parsed), [parsed, announced]);
  // A video id needs a signed-in user; without one the page sends the guest to log in, so nothing is asked.
  const { user } = useMe();
  const videoRef = ref?.kind === 'link' ? ref.hash : ref?.kind === 'id' && user ? ref.id : null;
  const { video, error, reload } = useCreatorVideo(videoRef);
  // Kept for a video made on this page: its steps need no wait for the video to load.
  const { organization, error: optionsError } = useSetupOptions(user !== null && (ref?.kind === 'new' || announced !== null));
  const { navbar } = useNavbar();
  const props = useMemo(
    () => (ref ? creatorPropsOf({ ref, video, organization, navbarOrganizationName: navbar?.organizationName }) : null),
    [ref, video, organization, navbar?.organizationName],
  );
  return {
    ref,
    props,
    video,
    organization: video?.creator.organization ?? organization,
    loaded: video !== undefined || ((ref?.kind === 'new' || announced !== null) && organization !== undefined),
    error: error ?? optionsError,
    reload,
    announced,
    announceVideoId: setAnnounced,
  };
}

export type CreatorState = ReturnType<typeof useCreator>;
