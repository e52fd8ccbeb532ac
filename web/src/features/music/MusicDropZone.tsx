import { LibraryMusicOutlined } from '@mui/icons-material';
import { PageFileDrop } from '../../ui/index.ts';

/** Audio files dragged anywhere over the page show the 'Drop Files to Upload' overlay and are uploaded on drop. */
export function MusicDropZone({ enabled, onFiles }: { enabled: boolean; onFiles(files: File[]): void }) {
  return (
    <PageFileDrop
      enabled={enabled}
      testId="music-drop-overlay"
      icon={<LibraryMusicOutlined color="primary" sx={{ fontSize: 48 }} />}
      title="Drop Files to Upload"
      onDrop={(data) => {
        const files = Array.from(data.files);
        if (files.length) onFiles(files);
      }}
    />
  );
}
