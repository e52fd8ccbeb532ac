import { Add, Remove } from '@mui/icons-material';
import { Box, IconButton, TextField, Typography } from '@mui/material';
import { copiesCount, formatPrice, lineTotalCents, MAX_COPIES, orderTotalCents } from '../../../../common/order-pricing.ts';
import type { OrderProduct, Quantities } from './api.ts';

interface Props {
  products: OrderProduct[];
  quantities: Quantities;
  onChange: (quantities: Quantities) => void;
  disabled?: boolean;
}

/** The priced lines of the form: every product with its quantity. */
export const pricedLines = (products: OrderProduct[], quantities: Quantities) =>
  products.map((product) => ({ product, quantity: quantities[product.id] ?? 0, unitPriceCents: product.priceCents }));

/** Typed text as a quantity: digits only, kept within 0 to 99. */
const quantityFrom = (text: string): number => Math.min(MAX_COPIES, Number(text.replace(/\D/g, '').slice(0, 3) || '0'));

function QuantityField({ title, value, onChange, disabled }: { title: string; value: number; onChange: (value: number) => void; disabled?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <IconButton size="small" aria-label={`One fewer ${title}`} onClick={() => onChange(value - 1)} disabled={disabled || value <= 0}>
        <Remove fontSize="small" />
      </IconButton>
      <TextField
        value={String(value)}
        onChange={(e) => onChange(quantityFrom(e.target.value))}
        onFocus={(e) => e.target.select()}
        disabled={disabled}
        size="small"
        slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `Quantity of ${title}`, style: { textAlign: 'center', width: '3ch' } } }}
      />
      <IconButton size="small" aria-label={`One more ${title}`} onClick={() => onChange(value + 1)} disabled={disabled || value >= MAX_COPIES}>
        <Add fontSize="small" />
      </IconButton>
    </Box>
  );
}

/** Copies to order: each product with its picture, price, quantity and line total, and the order's total. */
export function ProductPicker({ products, quantities, onChange, disabled }: Props) {
  const lines = pricedLines(products, quantities);
  const copies = copiesCount(lines);
  if (products.length === 0) return <Typography color="text.secondary">No copies can be ordered at the moment.</Typography>;
  return (
    <Box>
      <Box component="ul" aria-label="Copies" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {lines.map(({ product, quantity, unitPriceCents }) => (
          <Box
            component="li"
            key={product.id}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: '1 1 220px', minWidth: 0 }}>
              <Box component="img" src={`/product_images/${encodeURIComponent(product.productThumbImage)}`} alt="" width={48} height={48} sx={{ flexShrink: 0 }} />
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{product.productTitle}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatPrice(unitPriceCents)} each
                </Typography>
              </Box>
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flex: { xs: '1 1 100%', sm: '0 0 auto' }, pl: { xs: 7.5, sm: 0 } }}>
              <QuantityField
                title={product.productTitle}
                value={quantity}
                disabled={disabled}
                onChange={(value) => onChange({ ...quantities, [product.id]: Math.max(0, Math.min(MAX_COPIES, value)) })}
              />
              <Typography sx={{ minWidth: '7ch', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }} aria-label={`${product.productTitle} total`}>
                {formatPrice(lineTotalCents({ quantity, unitPriceCents }))}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', pt: 1.5 }} role="status" aria-live="polite">
        <Typography color="text.secondary">{copies === 1 ? '1 copy' : `${copies} copies`}</Typography>
        <Typography sx={{ fontWeight: 700, fontSize: '1.15rem', fontVariantNumeric: 'tabular-nums' }}>
          Total {formatPrice(orderTotalCents(lines))}
        </Typography>
      </Box>
    </Box>
  );
}
