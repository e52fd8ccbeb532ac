import { OpenInNew } from '@mui/icons-material';
import { Alert, Box, Button, Checkbox, CircularProgress, FormControlLabel, FormHelperText, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { ShareLogList, ShareToolbar } from '../../share/index.ts';
import type { VideoDetails } from '../api.ts';
import { toggleEmbed, useEmbedSettings, useVideoShareLog, VIDEO_SHARE_TYPE, type EmbedSettings, type EmbedToggle } from './api.ts';
import { EmbedCode } from './EmbedCode.tsx';
import { PLAYER_BAR_PX } from '../../../../../common/embedded-player.ts';

type Flag = keyof EmbedToggle;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2.5}>{children}</Stack>
    </Paper>
  );
}

function FlagBox({ checked, saving, label, help, onChange }: { checked: boolean; saving: boolean; label: string; help: string; onChange: (checked: boolean) => void }) {
  return (
    <Box>
      <FormControlLabel control={<Checkbox checked={checked} disabled={saving} onChange={(e) => onChange(e.target.checked)} />} label={label} />
      <FormHelperText sx={{ mt: -0.5, ml: 4 }}>{help}</FormHelperText>
    </Box>
  );
}

/**
 * The flags save at once; while a save runs its box shows the new value, and a failed save puts the box back to
 * what the server last said and tells why (spec 3 section 8).
 */
function useEmbedFlags(videoId: number, settings: EmbedSettings | undefined, mutate: (next?: EmbedSettings, options?: { revalidate: boolean }) => Promise<unknown>, onSaved: () => void) {
  const [pending, setPending] = useState<EmbedToggle>({});
  const [error, setError] = useState<string | null>(null);
  const value = (flag: Flag): boolean => pending[flag] ?? settings?.[flag] ?? false;
  const change = async (flag: Flag, checked: boolean) => {
    setPending((p) => ({ ...p, [flag]: checked }));
    setError(null);
    try {
      await mutate(await toggleEmbed(videoId, { [flag]: checked }), { revalidate: false });
      onSaved();
    } catch (err) {
      setError(`The change could not be saved: ${err instanceof Error ? err.message : String(err)}`);
      void mutate();
    } finally {
      setPending(({ [flag]: _done, ...rest }) => rest);
    }
  };
  return { value, saving: (flag: Flag) => pending[flag] !== undefined, change, error };
}

/** Spec 3 section 2.4, the Share or Embed tab: the embedded player's settings and code, the link and its sharing. */
export function ShareEmbedTab({ video, admin, reload }: { video: VideoDetails; admin: boolean; reload: () => void }) {
  const { settings, error, mutate, reload: reloadSettings } = useEmbedSettings(video.id);
  const log = useVideoShareLog(video.id);
  const flags = useEmbedFlags(video.id, settings, mutate, reload);

  if (error && !settings) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={reloadSettings}>Retry</Button>}>
        The embed settings could not be loaded: {error.message}
      </Alert>
    );
  }
  if (!settings) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label="Loading the embed settings" />
      </Box>
    );
  }
  const hidden = flags.value('hideEmbed');
  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
      <Section title="Embed on a Website">
        {flags.error && <Alert severity="error">{flags.error}</Alert>}
        <FlagBox
          checked={hidden}
          saving={flags.saving('hideEmbed')}
          label="Hide embedded video"
          help="The player and every website that embeds it say the video is hidden, and play nothing."
          onChange={(checked) => void flags.change('hideEmbed', checked)}
        />
        <EmbedCode codes={settings.embedCodes} />
        {settings.buyOption && (
          <FlagBox
            checked={flags.value('embedHideBuy')}
            saving={flags.saving('embedHideBuy')}
            label="Hide buy link"
            help="The player shows no link to order DVD copies of this video."
            onChange={(checked) => void flags.change('embedHideBuy', checked)}
          />
        )}
      </Section>
      <Section title="Link to the Video">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            label="Link"
            value={settings.playerUrl}
            fullWidth
            size="small"
            onFocus={(e) => e.target.select()}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'video-link' } }}
          />
          <Button variant="outlined" endIcon={<OpenInNew />} href={settings.playerUrl} target="_blank" rel="noopener" sx={{ flex: 'none', alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
            Open
          </Button>
        </Stack>
        {hidden && <Alert severity="info">The video is hidden: the link shows that it is hidden until you uncheck Hide embedded video.</Alert>}
        <ShareToolbar
          link={settings.playerUrl}
          title={video.title || 'Tribute video'}
          emailSubject={settings.share.emailSubject}
          email={settings.share.email}
          text={settings.share.text}
          fromName={settings.share.fromName}
          replyTo={settings.share.replyTo}
          videoId={video.id}
          shareType={VIDEO_SHARE_TYPE}
          textEnabled={settings.textEnabled}
          public={settings.public}
          publicTitle={settings.publicTitle}
          qrCode
          onShared={log.reload}
        />
        <Box>
          <Typography variant="h3" sx={{ fontSize: '1rem', mb: 1 }}>
            Share Log
          </Typography>
          {log.rows ? (
            <ShareLogList rows={log.rows} />
          ) : log.error ? (
            <Alert severity="error" action={<Button color="inherit" size="small" onClick={log.reload}>Retry</Button>}>
              The share log could not be loaded.
            </Alert>
          ) : (
            <CircularProgress size={24} aria-label="Loading the share log" />
          )}
        </Box>
      </Section>
      {admin && (
        <Section title="IFRAME Content">
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            What a website that embeds this video shows in its frame: {settings.playerUrl}
          </Typography>
          {/* Framed from this server, wherever PUBLIC_URL points, so the admin sees the page as it is here. */}
          <Box sx={{ width: '100%', maxWidth: 640, aspectRatio: '16 / 9', position: 'relative', pb: `${PLAYER_BAR_PX}px`, boxSizing: 'content-box', border: 1, borderColor: 'divider' }}>
            <Box component="iframe" src={new URL(settings.playerUrl, window.location.href).pathname} title={`Embedded player of ${video.title || 'the video'}`} data-testid="iframe-content" sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }} />
          </Box>
        </Section>
      )}
    </Box>
  );
}
