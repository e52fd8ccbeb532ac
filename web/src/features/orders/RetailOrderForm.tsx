import { CheckCircleOutlined, ShoppingCartCheckout } from '@mui/icons-material';
import { Alert, Box, Button, CircularProgress, Container, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import useSWR from 'swr';
import type { WireRetailOptions, WireRetailPlaced } from '../../../../server/src/wire/order.ts';
import { getJson, sendJson, ServerProblem, type Camelized } from '../../api/index.ts';
import { NotFoundPage } from '../../app/fallback-pages.tsx';
import { copiesCount } from '../../../../common/order-pricing.ts';
import { EMPTY_CUSTOMER, RETAIL_RULES, retailProblems, type RetailCustomer, type RetailField } from '../../../../common/retail-order.ts';
import type { Quantities } from './api.ts';
import { pricedLines, ProductPicker } from './ProductPicker.tsx';

type Options = Camelized<WireRetailOptions>;

const retailPath = (code: string) => `/r/orders/retail/${encodeURIComponent(code)}`;

/** The fields as the form lays them out: [field, how wide on a wide screen (of 6), autocomplete]. */
const LAYOUT: [RetailField, number, string][] = [
  ['name', 6, 'name'],
  ['email', 3, 'email'],
  ['phone', 3, 'tel'],
  ['addressLine1', 6, 'address-line1'],
  ['addressLine2', 6, 'address-line2'],
  ['city', 3, 'address-level2'],
  ['region', 3, 'address-level1'],
  ['postalCode', 2, 'postal-code'],
  ['country', 4, 'country-name'],
];

/**
 * The public order form of /orders/hard_copies/{videoCode} (retail customers: orders without a user id), which the
 * embedded player's Buy a DVD link opens for anyone: copies at the funeral home's prices, sent to an address. No
 * payment is taken: the form says so, and the funeral home takes it from there.
 */
export function RetailOrderForm({ videoCode }: { videoCode: string }) {
  const { data: options, error, mutate } = useSWR<Options, Error>(retailPath(videoCode), (path: string) => getJson<Options>(path), { revalidateOnFocus: false });
  const [quantities, setQuantities] = useState<Quantities>({});
  const [customer, setCustomer] = useState<RetailCustomer>(EMPTY_CUSTOMER);
  const [problems, setProblems] = useState<Partial<Record<RetailField, string>>>({});
  const [trap, setTrap] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [placed, setPlaced] = useState<string | null>(null);
  if (error instanceof ServerProblem && error.status === 404) return <NotFoundPage />;

  const copies = options ? copiesCount(pricedLines(options.products, quantities)) : 0;
  const place = async () => {
    const found = retailProblems(customer);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const lines = Object.entries(quantities).map(([productId, quantity]) => ({ productId: Number(productId), quantity }));
      const reply = await sendJson<Camelized<WireRetailPlaced>>('POST', retailPath(videoCode), { customer, lines, website: trap }, { alertErrors: false });
      setPlaced(reply.message);
    } catch (err) {
      const fields = err instanceof ServerProblem ? (err.fields as Partial<Record<RetailField, string>> | undefined) : undefined;
      if (fields) setProblems(fields);
      setFailure(err instanceof Error ? err.message : 'The order could not be sent.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 0.5 }}>
        Order DVD Copies
      </Typography>
      {error ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void mutate()}>Retry</Button>}>
          {error.message}
        </Alert>
      ) : !options ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      ) : placed ? (
        <Alert severity="success" icon={<CheckCircleOutlined />} role="status">
          {placed}
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {options.title || 'Untitled video'}
            {options.organizationName ? ` · ${options.organizationName}` : ''}
          </Typography>
          <Alert severity="info" sx={{ mb: 3 }} data-testid="no-payment">
            {options.noPayment}
          </Alert>
          {!options.finalized ? (
            <Alert severity="info">This video is still being made. Copies can be ordered once it is finished.</Alert>
          ) : (
            <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), void place())}>
              <Stack spacing={3}>
                <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
                  <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
                    Copies
                  </Typography>
                  <ProductPicker products={options.products} quantities={quantities} onChange={setQuantities} disabled={saving} />
                </Paper>
                <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
                  <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 2 }}>
                    Where to send them
                  </Typography>
                  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(6, minmax(0, 1fr))' } }}>
                    {LAYOUT.map(([field, span, autoComplete]) => (
                      <CustomerField key={field} field={field} span={span} autoComplete={autoComplete} value={customer[field]} problem={problems[field]} disabled={saving} onChange={(value) => setCustomer((c) => ({ ...c, [field]: value }))} />
                    ))}
                    <Box sx={{ gridColumn: { sm: 'span 6' } }}>
                      <CustomerField field="note" span={6} autoComplete="off" multiline value={customer.note} problem={problems.note} disabled={saving} onChange={(value) => setCustomer((c) => ({ ...c, note: value }))} />
                    </Box>
                  </Box>
                  {/* Left empty by people, who never see it; robots that fill every field fill it too. */}
                  <Box aria-hidden sx={{ position: 'absolute', left: -10000, width: 1, height: 1, overflow: 'hidden' }}>
                    <label>
                      Website
                      <input tabIndex={-1} autoComplete="off" name="website" value={trap} onChange={(e) => setTrap(e.target.value)} />
                    </label>
                  </Box>
                </Paper>
                {failure && <Alert severity="error">{failure}</Alert>}
                <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                  <Button
                    type="submit"
                    variant="contained"
                    size="large"
                    disabled={saving || copies === 0}
                    startIcon={saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : <ShoppingCartCheckout />}
                  >
                    Send Order
                  </Button>
                </Box>
              </Stack>
            </Box>
          )}
        </>
      )}
    </Container>
  );
}

interface FieldProps {
  field: RetailField;
  span: number;
  autoComplete: string;
  value: string;
  problem: string | undefined;
  disabled: boolean;
  multiline?: boolean;
  onChange: (value: string) => void;
}

function CustomerField({ field, span, autoComplete, value, problem, disabled, multiline, onChange }: FieldProps) {
  const rule = RETAIL_RULES[field];
  return (
    <TextField
      id={`retail-${field}`}
      label={rule.label}
      required={rule.required}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(problem)}
      helperText={problem}
      disabled={disabled}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
      slotProps={{ htmlInput: { maxLength: rule.max, autoComplete } }}
      sx={{ gridColumn: { sm: `span ${span}` } }}
      fullWidth
    />
  );
}
