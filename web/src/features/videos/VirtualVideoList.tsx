import { Box } from '@mui/material';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import type { VideoListItem } from '../../api/index.ts';
import { RenderProgress, useListRenderProgress } from '../generation/index.ts';
import type { ListedVideo } from './organizations.ts';
import { ROW_HEIGHT, VideoRow } from './VideoRow.tsx';

interface Props {
  videos: ListedVideo[];
  showViews: boolean;
  onDelete: (video: VideoListItem) => void;
}

/** Only the rows near the window's viewport are in the page, so lists of thousands scroll smoothly. */
export function VirtualVideoList({ videos, showViews, onDelete }: Props) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => setScrollMargin((listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  const rendering = useListRenderProgress(videos);
  const virtualizer = useWindowVirtualizer({ count: videos.length, estimateSize: () => ROW_HEIGHT, overscan: 8, scrollMargin });
  return (
    <Box component="ul" ref={listRef} aria-label="Videos" sx={{ listStyle: 'none', m: 0, p: 0, position: 'relative', height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => {
        const video = videos[item.index];
        return (
          <Box
            component="li"
            key={video.id}
            aria-setsize={videos.length}
            aria-posinset={item.index + 1}
            sx={{ position: 'absolute', top: 0, left: 0, width: '100%', height: ROW_HEIGHT }}
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            <VideoRow
              video={video}
              showViews={showViews}
              showOrganization
              onDelete={onDelete}
              progress={rendering.has(video.id) && <RenderProgress status={rendering.get(video.id)} />}
            />
          </Box>
        );
      })}
    </Box>
  );
}
