import { useEffect, useRef } from 'react';
import { useLeaveGuard } from '../creator/index.ts';
import { LEAVE_WARNING } from './upload-rules.ts';

const UPLOADING = { title: 'Uploading', message: LEAVE_WARNING };

/**
 * Warns before leaving the music page while songs upload (leaving stops them), with the creator's leave guard: the
 * browser's own prompt on closing or reloading, and a dialog for links inside the app (step bar, Back and Next,
 * the menus) that goes on by itself once the uploads are done.
 */
export function useUploadLeaveGuard(uploading: boolean) {
  const state = useRef({ uploading, waiting: [] as (() => void)[] });
  useEffect(() => {
    state.current.uploading = uploading;
    if (!uploading) for (const resume of state.current.waiting.splice(0)) resume();
  }, [uploading]);
  return useLeaveGuard(
    {
      flush() {},
      busy: () => state.current.uploading,
      idle: () => (state.current.uploading ? new Promise<void>((resolve) => state.current.waiting.push(resolve)) : Promise.resolve()),
    },
    UPLOADING,
  );
}
