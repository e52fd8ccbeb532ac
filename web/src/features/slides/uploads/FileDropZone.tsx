import { CloudUploadOutlined } from '@mui/icons-material';
import type { ReactNode } from 'react';
import { PageFileDrop } from '../../../ui/index.ts';
import { droppedFiles } from './dropped-files.ts';

/**
 * Files (or folders) dropped anywhere on the page are uploaded, with an overlay while they are dragged over it.
 * A drop target inside the page that handles files itself (replace photo) calls preventDefault on the drop, and this
 * zone leaves that drop alone.
 */
export function FileDropZone({ onFiles, children }: { onFiles: (files: File[]) => void; children?: ReactNode }) {
  return (
    <>
      {children}
      <PageFileDrop
        testId="file-drop-overlay"
        icon={<CloudUploadOutlined color="primary" sx={{ fontSize: 48 }} />}
        title="Drop to upload"
        hint="Photos, video clips and folders of them are added to the end of the slides."
        onDrop={(data) => {
          void droppedFiles(data).then((files) => {
            if (files.length > 0) onFiles(files);
          });
        }}
      />
    </>
  );
}
