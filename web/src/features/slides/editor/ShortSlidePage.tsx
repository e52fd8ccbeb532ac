import { Box, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { fetchSlideVideo } from '../../../api/index.ts';
import { NotFoundPage } from '../../../app/fallback-pages.tsx';
import { SlidesPage } from '../SlidesPage.tsx';
import { shortPaths } from './paths.ts';

/**
 * /slides/{slide_id}[/{tool}] (spec 2 route table): the slide editor over the grid of the slide's video. The server
 * names the video; a slide of another organization (or none) is not found.
 */
export function ShortSlidePage({ params }: { params: Record<string, string | undefined> }) {
  const slideId = Number(params.slideId);
  // Moving to the next slide keeps showing the grid it belongs to while the new address is checked.
  const [video, setVideo] = useState<{ videoId: number | null } | null>(null);
  useEffect(() => {
    let live = true;
    fetchSlideVideo(slideId).then(
      (reply) => live && setVideo((v) => (v?.videoId === reply.videoId ? v : { videoId: reply.videoId })),
      () => live && setVideo({ videoId: null }),
    );
    return () => {
      live = false;
    };
  }, [slideId]);
  const videoId = video?.videoId;
  if (!video) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (videoId === null || videoId === undefined) return <NotFoundPage />;
  return <SlidesPage params={{ videoAuthOrId: String(videoId), slideId: params.slideId, tool: params.tool }} paths={shortPaths(videoId)} />;
}
