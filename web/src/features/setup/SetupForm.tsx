import { Alert, Box, Paper, Typography } from '@mui/material';
import { useLocation } from 'wouter';
import { useThemeList, type SetupOrganization, type VideoRef } from '../../api/index.ts';
import { setupReadOnly, useLeaveGuard, type CreatorProps } from '../creator/index.ts';
import { ThemePickerDialog } from '../themes/index.ts';
import { BrandingSection } from './BrandingSection.tsx';
import { SetupFields } from './SetupFields.tsx';
import { AFFILIATE_WARNING, showsAffiliateWarning, showsArtwork, showsBranding, type SetupValues } from './setup-values.ts';
import { ThemeCard } from './ThemeCard.tsx';
import { useSetupSaver } from './useSetupSaver.ts';
import { useThemeFlows } from './useThemeFlows.tsx';
import { useThemesHash } from './useThemesHash.ts';

export interface SetupFormProps {
  initial: SetupValues;
  videoId: number | null;
  /** The link hash on family pages, else the id. */
  videoRef: VideoRef | null;
  props: CreatorProps;
  organization: SetupOrganization;
  userId: number | null;
  ownerId: number | undefined;
  /** The foreign id a website integration gave the video (null for one made here, undefined before it exists). */
  foreignId?: string | null;
  announceVideoId(id: number): void;
}

/** The setup form (spec 1, section 2.2): words on the left, theme and branding on the right. */
export function SetupForm({ initial, videoId, videoRef, props, organization, userId, ownerId, foreignId, announceVideoId }: SetupFormProps) {
  const [, navigate] = useLocation();
  const saver = useSetupSaver({
    initial,
    videoId,
    videoRef,
    ownerId,
    onCreated(id) {
      announceVideoId(id);
      navigate(`/creator/${id}/setup${window.location.hash}`, { replace: true });
    },
  });
  const { values, state, actions } = saver;
  const leaveDialog = useLeaveGuard(saver.guard);
  const picker = useThemesHash();
  const savedId = state.videoId;
  const listRef = videoRef ?? savedId;
  const themes = useThemeList(userId, listRef);
  const flows = useThemeFlows({
    videoId: savedId,
    customThemeId: values.customThemeId,
    apply: actions.set,
    adopt: actions.adopt,
    refreshThemes: () => void saver.guard.idle().then(() => themes.mutate()),
    closePicker: picker.hide,
  });
  // An upload-only family link sees the form disabled, like a finalized video (its changes would be refused).
  const readOnly = setupReadOnly(props);
  const { isAnonymous } = props;

  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: 2 }}>
        Video Setup
      </Typography>
      {showsAffiliateWarning(organization, isAnonymous, foreignId) && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="affiliate-warning">
          {AFFILIATE_WARNING}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' }, gap: 3, alignItems: 'start' }}>
        <Paper variant="outlined" component="section" aria-label="Video words" sx={{ p: { xs: 2, sm: 3 } }}>
          <SetupFields
            values={values}
            billingPrompt={isAnonymous ? null : organization.billingIdPrompt}
            readOnly={readOnly}
            needsTitle={state.needsTitle}
            onType={actions.type}
            onLeave={actions.leaveField}
          />
          {props.showBranding && !isAnonymous && (
            <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
              The title, subtitle and introductory text also appear on the video&apos;s page on your website, where the family watches and shares it.
            </Typography>
          )}
          {state.error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {state.error}
            </Alert>
          )}
          <Typography variant="caption" role="status" aria-live="polite" sx={{ display: 'block', mt: 1.5, color: 'text.secondary', minHeight: '1.5em' }}>
            {readOnly ? '' : state.saving ? 'Saving…' : state.videoId !== null && !state.dirty ? 'All changes saved.' : ''}
          </Typography>
        </Paper>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <ThemeCard
            list={themes.list}
            themeId={values.themeId}
            customThemeId={values.customThemeId}
            videoId={savedId}
            readOnly={readOnly}
            isAnonymous={isAnonymous}
            showArtwork={showsArtwork(organization)}
            onChoose={picker.show}
            onEditCustom={() => values.customThemeId && flows.editCustom({ id: values.customThemeId, themeId: values.themeId })}
          />
          {showsBranding(organization, isAnonymous) && (
            <BrandingSection organization={organization} brandId={values.brandId} useLogo={values.useLogo} readOnly={readOnly} onChange={actions.set} />
          )}
        </Box>
      </Box>
      {!readOnly && picker.open && (
        <ThemePickerDialog
          open
          userId={userId}
          videoRef={listRef}
          current={{ themeId: values.themeId, customThemeId: values.customThemeId }}
          isAnonymous={isAnonymous}
          onClose={picker.hide}
          onApply={flows.applyTheme}
          onCustomTheme={flows.customTheme}
          onCustomize={flows.customize}
          onEditCustom={flows.editCustom}
          onDeleteCustom={flows.deleteCustom}
        />
      )}
      {!readOnly && flows.dialogs}
      {leaveDialog}
    </>
  );
}
