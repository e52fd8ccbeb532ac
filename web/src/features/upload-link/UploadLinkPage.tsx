import { NotFoundPage } from '../../app/fallback-pages.tsx';
import { CreatorFrame } from '../creator/index.ts';
import { UploadLinkPanel } from './UploadLinkPanel.tsx';

/** /creator/{videoId}/link: the Upload Link step, for signed-in staff only (a family never sees its own link's settings). */
export function UploadLinkPage({ params }: { params: Record<string, string | undefined> }) {
  const id = /^\d+$/.test(params.videoId ?? '') ? Number(params.videoId) : null;
  if (id === null) return <NotFoundPage />;
  return (
    <CreatorFrame videoAuthOrId={params.videoId}>
      <UploadLinkPanel key={id} videoId={id} />
    </CreatorFrame>
  );
}
