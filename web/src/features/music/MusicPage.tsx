import { VideoRefGate } from '../slides/index.ts';
import { CreatorFrame } from '../creator/index.ts';
import { MusicManager } from './MusicManager.tsx';
import { PreviewPlayer } from './PreviewPlayer.tsx';

/** /creator/:videoAuthOrId/music: a numeric id for signed-in users, a family link's hash for the family. */
export function MusicPage({ params }: { params: Record<string, string | undefined> }) {
  return (
    <CreatorFrame videoAuthOrId={params.videoAuthOrId}>
      <VideoRefGate param={params.videoAuthOrId}>
        {(ref, link) => (
          <PreviewPlayer key={String(ref)}>
            <MusicManager video={ref} anonymous={link} />
          </PreviewPlayer>
        )}
      </VideoRefGate>
    </CreatorFrame>
  );
}
