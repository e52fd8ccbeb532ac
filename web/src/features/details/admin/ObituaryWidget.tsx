import { WarningAmber } from '@mui/icons-material';
import { Box, Chip, CircularProgress, Link, Typography } from '@mui/material';
import { useObituaryStatus } from './api.ts';
import { obituaryErrorText, obituaryPageUrl, obituaryWarnings } from './obituary-warnings.ts';

const day = (iso: string): string => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Spec 3 section 2.8: the video's obituary website, domain, obituary and obituary video, with in-line warnings. */
export function ObituaryWidget({ videoId }: { videoId: number }) {
  const { data, error, isLoading } = useObituaryStatus(videoId);
  if (isLoading) return <CircularProgress size={18} aria-label="Loading the obituary status" />;
  if (error || !data) {
    return (
      <Typography component="span" color="error" variant="body2">
        {obituaryErrorText(error)}
      </Typography>
    );
  }
  const warnings = obituaryWarnings(data);
  const page = obituaryPageUrl(data);
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }} data-testid="obituary-widget">
      {data.website && (
        <span>
          Website: {data.website.name} (#{data.website.id}){data.domain ? ` · ${data.domain.domain}` : ''}
        </span>
      )}
      {data.obituary && (
        <span>
          Obituary:{' '}
          {page ? (
            <Link href={page} target="_blank" rel="noopener noreferrer">
              {data.obituary.slug}
            </Link>
          ) : (
            data.obituary.slug
          )}{' '}
          (#{data.obituary.id}){data.obituary.publishedAt ? ` · published ${day(data.obituary.publishedAt)}` : ''}
        </span>
      )}
      {data.obituaryVideo && (
        <span>
          Obituary video: {data.obituaryVideo.name || 'Unnamed'}
          {data.obituaryVideo.isReady ? ' · ready' : ''}
        </span>
      )}
      {warnings.length > 0 && (
        <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {warnings.map((warning) => (
            <Chip key={warning} label={warning} size="small" variant="outlined" icon={<WarningAmber />} sx={{ borderColor: 'warning.main', '& .MuiChip-icon': { color: 'warning.main' } }} />
          ))}
        </Box>
      )}
    </Box>
  );
}
