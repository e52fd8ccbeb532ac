export { NotifyButton } from './NotifyButton.tsx';
export { RenderProgress } from './RenderProgress.tsx';
export { COMPLETE_TEXT, type CardStatus } from './status.ts';
export { useGenerationStatuses, useListRenderProgress } from './useGenerationStatuses.ts';
export { useVideoGeneration } from './useGenerationStatus.ts';
export { useStageFailure } from './useStageFailure.ts';
export { fetchGenerationStatus, type GenerationStatus } from './api.ts';
export { usePoll } from './usePoll.ts';
