import { useState } from 'react';
import { fetchHdSources, startDownload, videoFileUrl, type DownloadUrls } from './api.ts';
import { DownloadSplitButton } from './DownloadSplitButton.tsx';
import { HdInfoDialog } from './HdInfoDialog.tsx';

interface Props {
  videoId: number;
  videoCode: string;
  hdSize: number | null;
  /** The HD file exists (the render is complete). */
  ready: boolean;
}

/** Download HD: the file from the chosen server (this one until another is picked), its server menu and More Info. */
export function DownloadHdButton({ videoId, videoCode, hdSize, ready }: Props) {
  const [urls, setUrls] = useState<DownloadUrls | null>(null);
  const [selected, setSelected] = useState('primary');
  const [info, setInfo] = useState(false);
  const primary = videoFileUrl(videoCode, 'hd.mp4');
  const href = (source: string): string => (source !== 'primary' && urls?.[source]) || primary;
  const load = () => {
    if (urls) return;
    // Before the video is complete there is nothing to download from any server: this one alone is listed.
    fetchHdSources(videoId).then(
      (reply) => setUrls(reply.urls),
      () => setUrls({ primary }),
    );
  };
  return (
    <DownloadSplitButton
      label="Download HD"
      disabled={!ready}
      href={href(selected)}
      sources={urls ? Object.keys(urls) : null}
      selected={selected}
      onOpenMenu={load}
      onSelect={(source) => {
        setSelected(source);
        startDownload(href(source));
      }}
      onInfo={() => setInfo(true)}
    >
      <HdInfoDialog open={info} hdSize={hdSize} onClose={() => setInfo(false)} />
    </DownloadSplitButton>
  );
}
