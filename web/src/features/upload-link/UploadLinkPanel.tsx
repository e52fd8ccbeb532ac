import { Settings } from '@mui/icons-material';
import { Alert, Box, Button, Chip, CircularProgress, Divider, FormControlLabel, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { LINK_FULL_ACCESS, LINK_OFF } from '../../../../common/upload-link.ts';
import { ShareLogList, ShareToolbar } from '../share/index.ts';
import { useLiveSync } from '../slides/index.ts';
import { updateUploadLink, useUploadLink, type UploadLink, type UploadLinkChange } from './api.ts';
import { FamilyFinishedNotice } from './FamilyFinishedNotice.tsx';
import { LinkActivity } from './LinkActivity.tsx';
import { UploadLinkSettingsDialog } from './UploadLinkSettingsDialog.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function SettingsSummary({ link }: { link: UploadLink }) {
  const limit = link.uploadLinkLimit;
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Chip size="small" label={link.uploadLinkAccessLevel === LINK_FULL_ACCESS ? 'Full access' : 'Upload only'} />
      <Chip size="small" label={limit === null ? 'No photo limit' : `Up to ${limit} ${limit === 1 ? 'photo' : 'photos'}`} />
      {link.uploadLinkDoneButton && <Chip size="small" label="Done button" />}
      {link.uploadLinkAllowMusicUpload && link.uploadLinkAccessLevel === LINK_FULL_ACCESS && <Chip size="small" label="Music upload" />}
    </Stack>
  );
}

/**
 * The family upload link of one video (spec 1, section 2.5): the switch, the link and its sharing, the settings,
 * what the family has done, and who the link was sent to. Live sync keeps it current while the family works.
 */
export function UploadLinkPanel({ videoId }: { videoId: number }) {
  const { data: link, error, mutate } = useUploadLink(videoId);
  const [busy, setBusy] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const saving = useRef(0);
  const refresh = useCallback(() => void mutate(), [mutate]);
  const inFlight = useCallback(() => saving.current > 0, []);
  useLiveSync(videoId, refresh, inFlight);

  const change = async (body: UploadLinkChange) => {
    saving.current += 1;
    setBusy(true);
    try {
      await mutate(await updateUploadLink(videoId, body), { revalidate: false });
    } finally {
      saving.current -= 1;
      setBusy(false);
    }
  };
  const quietly = (body: UploadLinkChange) => change(body).catch(() => undefined);

  if (error && !link) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={refresh}>Retry</Button>}>
        The upload link could not be loaded.
      </Alert>
    );
  }
  if (!link) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label="Loading the upload link" />
      </Box>
    );
  }
  if (link.familyUploadFinished) return <FamilyFinishedNotice link={link} busy={busy} onReopen={() => void quietly({ familyUploadFinished: false })} />;

  const on = link.uploadLinkAccessLevel !== LINK_OFF;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="upload-link-panel">
      <Stack spacing={2.5}>
        <Box>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
            Family Upload Link
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Send this link to the family so they can add photos and video clips from any computer or phone, without an account.
          </Typography>
        </Box>
        {!link.uploadLinksEnabled && <Alert severity="info">Upload links are turned off for your organization.</Alert>}
        <FormControlLabel
          control={<Switch checked={on} disabled={busy || (!on && !link.uploadLinksEnabled)} onChange={(e) => void quietly({ enabled: e.target.checked })} />}
          label={on ? 'The upload link is on' : 'The upload link is off'}
        />
        <TextField
          label="Upload Link"
          value={on ? link.uploadLink : ''}
          placeholder={on ? undefined : 'Turn the link on to share it'}
          fullWidth
          disabled={!on}
          onFocus={(e) => e.target.select()}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'upload-link-url' } }}
        />
        <ShareToolbar
          link={on ? link.uploadLink : ''}
          title={`${link.title || 'Tribute video'} upload link`}
          emailSubject={link.share.emailSubject}
          email={link.share.email}
          text={link.share.text}
          fromName={link.share.fromName}
          replyTo={link.share.replyTo}
          videoId={link.id}
          shareType="upload_link"
          textEnabled={link.showBranding}
          qrCode
          disabled={!on}
          onShared={refresh}
        />
        <Divider />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <SettingsSummary link={link} />
          <Button variant="contained" startIcon={<Settings />} onClick={() => setSettingsOpen(true)} disabled={!on} sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
            Settings
          </Button>
        </Stack>
        <Section title="Upload Activity">
          <LinkActivity link={link} />
        </Section>
        <Section title="Sent To">
          <ShareLogList rows={link.shareLog} />
        </Section>
      </Stack>
      {settingsOpen && (
        <UploadLinkSettingsDialog
          link={link}
          onClose={() => setSettingsOpen(false)}
          onSave={async (body) => {
            await change(body);
            setSettingsOpen(false);
          }}
        />
      )}
    </Paper>
  );
}
