import { Alert, AlertTitle, Box, Skeleton } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { showAlert } from '../../api/index.ts';
import { CreatorContext } from './CreatorContext.ts';
import { ReadOnlyNotice } from './ReadOnlyNotice.tsx';
import { StepBar } from './StepBar.tsx';
import { StepNav } from './StepNav.tsx';
import { activeStepIndex, creatorSteps, neighbours } from './steps.ts';
import { useCreator } from './useCreator.ts';

/** Spec 1, section 5: moving between steps needs the video, and the video needs its title first. */
export const NO_VIDEO_MESSAGE = 'Please enter a title for the video.';

/** Spec 1, section 9: creator pages are at most 1000 px wide. */
export const CREATOR_MAX_WIDTH = 1000;

const blocked = () => showAlert(NO_VIDEO_MESSAGE);

/**
 * The staff's note to the family (the upload link's Note to Family): the settings dialog promises it is shown when
 * the family opens the link, so it heads every creator page they reach through it, Finish included.
 */
function FamilyNote({ note, from }: { note: string; from: string | null }) {
  return (
    <Alert severity="info" icon={false} sx={{ mt: 2, whiteSpace: 'pre-line' }} data-testid="family-note" role="note">
      <AlertTitle>{from ? `A note from ${from}` : 'A note for you'}</AlertTitle>
      {note.trim()}
    </Alert>
  );
}

/**
 * The frame of every creator page: the step bar, the read-only notice, the page, then Back and Next.
 * Pages inside read the creator state with useCreatorContext().
 */
export function CreatorFrame({ videoAuthOrId, children }: { videoAuthOrId: string | undefined; children: ReactNode }) {
  const creator = useCreator(videoAuthOrId);
  const [location] = useLocation();
  const { props, loaded } = creator;
  const steps = props && loaded ? creatorSteps(props) : null;
  const active = steps ? activeStepIndex(steps, location) : -1;
  const { back, next } = steps ? neighbours(steps, active) : { back: null, next: null };
  return (
    <CreatorContext.Provider value={creator}>
      <Box data-testid="creator-frame" sx={{ maxWidth: CREATOR_MAX_WIDTH, mx: 'auto', px: { xs: 1, sm: 2 }, py: { xs: 2, sm: 3 } }}>
        {steps ? (
          <StepBar steps={steps} active={active} onBlocked={blocked} />
        ) : (
          !creator.error && <Skeleton variant="rounded" height={52} aria-hidden />
        )}
        {props?.readOnly && loaded && (
          <ReadOnlyNotice
            editable={props.editable}
            manageable={props.manageable}
            isAnonymous={props.isAnonymous}
            organizationName={props.organizationName}
            editLink={props.editLink}
            onReopened={() => void creator.reload()}
          />
        )}
        {props?.isAnonymous && loaded && props.uploadLinkNote.trim() && <FamilyNote note={props.uploadLinkNote} from={props.organizationName} />}
        <Box sx={{ mt: 2 }}>{children}</Box>
        {steps && <StepNav back={back} next={next} onBlocked={blocked} />}
      </Box>
    </CreatorContext.Provider>
  );
}
