import { Campaign } from '@mui/icons-material';
import { Alert, Stack } from '@mui/material';
import { useClientBroadcast, type Navbar } from '../api/index.ts';
import { SorBanner } from '../features/sor/index.ts';

const bannerSx = { borderRadius: 0, justifyContent: 'center', '& .MuiAlert-message': { maxWidth: 1000 } };

/** The client broadcast, polled every minute; shown to everyone while a super user has one switched on. */
function BroadcastBanner() {
  const broadcast = useClientBroadcast();
  if (!broadcast) return null;
  return (
    <Alert severity="info" icon={<Campaign />} sx={bannerSx} role="status">
      {broadcast}
    </Alert>
  );
}

/** Spec 1, 2.10 banners: partner unreleased, partner dev, Service of Remembrance, client broadcast. */
export function Banners({ navbar }: { navbar?: Navbar }) {
  const partner = navbar?.partnerName ?? 'your website partner';
  return (
    <Stack>
      {navbar?.showPartnerUnreleasedBanner && (
        <Alert severity="warning" sx={bannerSx}>
          The {partner} integration has not been released yet: videos made here will not appear on your website automatically.
        </Alert>
      )}
      {navbar?.showPartnerDevBanner && (
        <Alert severity="warning" sx={bannerSx}>
          This is a {partner} development account: videos made here are for testing only.
        </Alert>
      )}
      {navbar?.showSorBanner && <SorBanner sx={bannerSx} />}
      <BroadcastBanner />
    </Stack>
  );
}
