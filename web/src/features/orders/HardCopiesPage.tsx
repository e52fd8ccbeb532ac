import { ArrowBack, ShoppingCartCheckout } from '@mui/icons-material';
import { Alert, Box, Button, CircularProgress, Container, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { NotFoundPage } from '../../app/fallback-pages.tsx';
import { ServerProblem, useMe } from '../../api/index.ts';
import { copiesCount } from '../../../../common/order-pricing.ts';
import { orderHardCopies, useOrderOptions, type Quantities } from './api.ts';
import { pricedLines, ProductPicker } from './ProductPicker.tsx';
import { RetailOrderForm } from './RetailOrderForm.tsx';

/** /orders/hard_copies/:videoCode: copies of a finalized video, ordered after finalizing (spec 3 section 2.1). */
export function HardCopiesPage({ params }: { params: Record<string, string | undefined> }) {
  const code = params.videoCode ?? '';
  const { user, isLoading } = useMe();
  if (!code) return <NotFoundPage />;
  if (isLoading) return null;
  // Without a login (a member of the public from the player's Buy a DVD link): the retail order form.
  if (!user) return <RetailOrderForm key={code} videoCode={code} />;
  return <HardCopies key={code} videoCode={code} />;
}

function HardCopies({ videoCode }: { videoCode: string }) {
  const { options, error, reload } = useOrderOptions({ videoCode });
  const [quantities, setQuantities] = useState<Quantities>({});
  const [saving, setSaving] = useState(false);
  const [, navigate] = useLocation();
  // Signed in, but not staff of this video's funeral home: they order as a member of the public does.
  if (error instanceof ServerProblem && error.status === 404) return <RetailOrderForm videoCode={videoCode} />;

  const place = async (videoId: number) => {
    setSaving(true);
    try {
      const placed = await orderHardCopies(videoId, quantities);
      navigate(placed.redirect);
      return;
    } catch {
      // The error dialog has said why; the form stays as it was.
    }
    setSaving(false);
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 0.5 }}>
        Order Hard Copies
      </Typography>
      {error ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={reload}>Retry</Button>}>
          {error.message}
        </Alert>
      ) : !options ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
            {options.title || 'Untitled video'}
          </Typography>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            {options.finalized ? (
              <Stack spacing={3}>
                <ProductPicker products={options.products} quantities={quantities} onChange={setQuantities} disabled={saving} />
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'space-between' }}>
                  <Button component={Link} href={`/videos/${options.videoId}/details`} startIcon={<ArrowBack />}>
                    Back to the video
                  </Button>
                  <Button
                    variant="contained"
                    size="large"
                    onClick={() => void place(options.videoId)}
                    disabled={saving || copiesCount(pricedLines(options.products, quantities)) === 0}
                    startIcon={saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : <ShoppingCartCheckout />}
                  >
                    Place Order
                  </Button>
                </Box>
              </Stack>
            ) : (
              <Alert
                severity="info"
                action={
                  <Button component={Link} href={`/videos/${options.videoId}/details`} color="inherit" size="small">
                    Open the video
                  </Button>
                }
              >
                Copies can be ordered once the video is finalized.
              </Alert>
            )}
          </Paper>
        </>
      )}
    </Container>
  );
}
