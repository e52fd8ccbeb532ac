import type { CreatorProps } from './creator-props.ts';

export type StepKey = 'setup' | 'link' | 'slides' | 'music' | 'preview' | 'finish' | 'details' | 'finalize';

export interface CreatorStep {
  key: StepKey;
  label: string;
  /** The label on small screens. */
  shortLabel: string;
  /** Null while the video does not exist yet: the step cannot be reached. */
  path: string | null;
}

type StepRules = Pick<CreatorProps, 'videoAuthOrId' | 'isAnonymous' | 'uploadLinkEnabled' | 'editable' | 'readOnly' | 'manageable' | 'showBranding' | 'regeneration'>;

/**
 * The steps of spec 1, section 2.1, in order: Preview only when editable (never for an upload-only family link,
 * whose props are not editable). The last one is Finish for a family, Details for staff who
 * manage a read-only video, otherwise Finalize: the order page (finalize and order copies) when branding is shown
 * and the video is not being regenerated, else the finalize page.
 */
export function creatorSteps(props: StepRules): CreatorStep[] {
  const ref = props.videoAuthOrId;
  const at = (page: string) => (ref === null ? null : `/creator/${ref}/${page}`);
  const step = (key: StepKey, label: string, path: string | null, shortLabel = label): CreatorStep => ({ key, label, shortLabel, path });
  const steps = [step('setup', 'Setup', ref === null ? '/creator/new' : at('setup'))];
  if (!props.isAnonymous && props.uploadLinkEnabled) steps.push(step('link', 'Upload Link', at('link'), 'Link'));
  steps.push(step('slides', 'Slides', at('slides')), step('music', 'Music', at('music')));
  if (props.editable) steps.push(step('preview', 'Preview', at('preview')));
  if (props.isAnonymous) steps.push(step('finish', 'Finish', at('finish')));
  else if (props.readOnly && props.manageable) steps.push(step('details', 'Details', ref === null ? null : `/videos/${ref}/details`));
  else steps.push(step('finalize', 'Finalize', at(props.showBranding && !props.regeneration ? 'order' : 'finalize')));
  return steps;
}

/**
 * The step whose path is the current path; a page inside a step (/creator/{id}/slides/{slideId}) belongs to
 * that step. -1 when none does.
 */
export function activeStepIndex(steps: CreatorStep[], pathname: string): number {
  const path = pathname.replace(/\/+$/, '') || '/';
  const exact = steps.findIndex((s) => s.path === path);
  if (exact >= 0) return exact;
  return steps.findIndex((s) => s.path !== null && path.startsWith(`${s.path}/`));
}

/** Back and Next: the neighbours of the active step (Next from outside any step is the first). */
export function neighbours(steps: CreatorStep[], active: number): { back: CreatorStep | null; next: CreatorStep | null } {
  return { back: active > 0 ? steps[active - 1] : null, next: active + 1 < steps.length ? steps[active + 1] : null };
}
