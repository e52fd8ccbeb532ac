/** Ordering copies: the quantity rule and the totals, the same on the order forms and on the server. */

/** The most copies of one product an order line takes (spec: quantities 0 to 99). */
export const MAX_COPIES = 99;

export interface PricedLine {
  quantity: number;
  unitPriceCents: number;
}

/** Why a quantity cannot be ordered, or null when it can (a whole number from 0 to 99). */
export function quantityProblem(quantity: unknown): string | null {
  return typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 0 && quantity <= MAX_COPIES
    ? null
    : `A quantity must be a whole number from 0 to ${MAX_COPIES}.`;
}

export const lineTotalCents = (line: PricedLine): number => line.quantity * line.unitPriceCents;

export const orderTotalCents = (lines: PricedLine[]): number => lines.reduce((sum, line) => sum + lineTotalCents(line), 0);

export const copiesCount = (lines: Pick<PricedLine, 'quantity'>[]): number => lines.reduce((sum, line) => sum + line.quantity, 0);

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Prices are kept in cents and shown in dollars: 2500 is $25.00. */
export const formatPrice = (cents: number): string => DOLLARS.format(cents / 100);
