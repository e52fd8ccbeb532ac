import { formatPrice, lineTotalCents } from '../../../common/order-pricing.ts';
import type { InvoiceLine, InvoiceRow } from '../repositories/reports.repository.ts';
import type { Layout, LayoutFont, Shape } from '../stationery/layout.ts';
import { layoutsToPdf } from '../stationery/pdf.ts';
import { measureText } from '../stationery/text-measure.ts';
import { FONTS } from '../themes/fonts.ts';

/**
 * Printable invoices (the super drawer's /billing/print_invoices): one Letter page per order, drawn as a label
 * layout and written by the labels' own PDF writer (stationery/pdf.ts), so fonts are embedded and text measured
 * the same way. An invoice is numbered by its order, is due its payment terms after the order date, and owes the
 * lines that were not cancelled.
 */

const LATO = FONTS['lato-regular'];
const REGULAR: LayoutFont = { file: LATO.file, family: LATO.family, weight: 400, style: 'normal' };
const BOLD: LayoutFont = { file: LATO.file.replace('Lato-Regular', 'Lato-Bold'), family: LATO.family, weight: 700, style: 'normal' };
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#9aa5b1';
const WIDTH = 612;
const HEIGHT = 792;
const LEFT = 54;
const RIGHT = WIDTH - 54;

const day = (date: Date | string) => new Date(date).toISOString().slice(0, 10);

/** Text cut with an ellipsis to fit `width` points. */
function fitted(text: string, font: LayoutFont, size: number, width: number): string {
  if (measureText(font, text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && measureText(font, `${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

export function invoiceLayout(invoice: InvoiceRow, lines: InvoiceLine[]): Layout {
  const shapes: Shape[] = [];
  const text = (value: string, x: number, y: number, options: { size?: number; bold?: boolean; colour?: string; anchor?: 'start' | 'end'; width?: number } = {}) => {
    const font = options.bold ? BOLD : REGULAR;
    const size = options.size ?? 10;
    shapes.push({ kind: 'text', text: options.width ? fitted(value, font, size, options.width) : value, x, y, size, font, colour: options.colour ?? INK, anchor: options.anchor ?? 'start' });
  };
  const rule = (y: number, weight = 0.75) => shapes.push({ kind: 'line', x1: LEFT, y1: y, x2: RIGHT, y2: y, stroke: RULE, width: weight });

  text('INVOICE', LEFT, 78, { size: 26, bold: true });
  text('Tribute', RIGHT, 70, { size: 14, bold: true, anchor: 'end' });
  text('Memorial videos and keepsakes', RIGHT, 86, { size: 9, colour: MUTED, anchor: 'end' });
  rule(104, 1.5);

  const facts: [string, string][] = [
    ['Invoice number', String(invoice.id)],
    ['Invoice date', day(invoice.order_date)],
    ['Terms', `Net ${invoice.payment_terms_days} days`],
    ['Due date', invoice.due_date],
  ];
  facts.forEach(([label, value], i) => {
    text(label, 360, 132 + i * 16, { size: 9, colour: MUTED });
    text(value, RIGHT, 132 + i * 16, { size: 10, bold: true, anchor: 'end' });
  });
  text('Bill to', LEFT, 132, { size: 9, colour: MUTED });
  text(invoice.organization_name, LEFT, 148, { size: 12, bold: true, width: 290 });
  if (invoice.customer_name) text(invoice.customer_name, LEFT, 164, { width: 290 });
  if (invoice.customer_email) text(invoice.customer_email, LEFT, 178, { size: 9, colour: MUTED, width: 290 });
  text('For the video', LEFT, 204, { size: 9, colour: MUTED });
  text(invoice.video_title || 'Untitled video', LEFT, 220, { size: 11, width: 290 });

  const columns = { item: LEFT, quantity: 380, unit: 460, amount: RIGHT };
  let y = 262;
  text('Item', columns.item, y, { size: 9, bold: true, colour: MUTED });
  text('Qty', columns.quantity, y, { size: 9, bold: true, colour: MUTED, anchor: 'end' });
  text('Unit price', columns.unit, y, { size: 9, bold: true, colour: MUTED, anchor: 'end' });
  text('Amount', columns.amount, y, { size: 9, bold: true, colour: MUTED, anchor: 'end' });
  rule(y + 8);
  // A Letter page holds some thirty lines; an order has a handful (one per product).
  for (const line of lines.slice(0, 28)) {
    y += 20;
    const amount = line.cancelled ? 0 : lineTotalCents({ quantity: line.quantity, unitPriceCents: line.unit_price_cents });
    text(line.cancelled ? `${line.product_title} (cancelled)` : line.product_title, columns.item, y, { width: 300, colour: line.cancelled ? MUTED : INK });
    text(String(line.quantity), columns.quantity, y, { anchor: 'end' });
    text(formatPrice(line.unit_price_cents), columns.unit, y, { anchor: 'end' });
    text(formatPrice(amount), columns.amount, y, { anchor: 'end' });
  }
  rule(y + 10);

  y += 32;
  const paid = invoice.paid_at ? (invoice.paid_cents ?? invoice.total_cents) : 0;
  const summary: [string, string, boolean][] = [
    ['Total', formatPrice(invoice.total_cents), true],
    [invoice.paid_at ? `Paid on ${day(invoice.paid_at)}` : 'Paid', formatPrice(paid), false],
    ['Balance due', formatPrice(Math.max(0, invoice.total_cents - paid)), true],
  ];
  summary.forEach(([label, value, strong], i) => {
    text(label, columns.unit, y + i * 20, { size: strong ? 12 : 10, bold: strong, anchor: 'end' });
    text(value, columns.amount, y + i * 20, { size: strong ? 12 : 10, bold: strong, anchor: 'end' });
  });

  rule(HEIGHT - 70);
  text(`Please quote invoice ${invoice.id} with your payment. Thank you.`, LEFT, HEIGHT - 52, { size: 9, colour: MUTED });
  return { width: WIDTH, height: HEIGHT, images: {}, shapes };
}

/** The invoices as one PDF, a page each, in the order given. */
export async function invoicesPdf(invoices: InvoiceRow[], lines: InvoiceLine[]): Promise<Buffer> {
  const layouts = invoices.map((invoice) => invoiceLayout(invoice, lines.filter((l) => l.order_id === invoice.id)));
  const title = invoices.length === 1 ? `Invoice ${invoices[0].id}` : `${invoices.length} invoices`;
  return layoutsToPdf(layouts, { title, subject: 'Tribute invoices' });
}
