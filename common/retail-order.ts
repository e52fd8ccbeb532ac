/**
 * The public order form for hard copies (spec 1 and 3: retail customers, orders without a user id), written once for
 * the form and the server: its fields, their limits and the check of what was typed.
 */

export const RETAIL_FIELDS = ['name', 'email', 'phone', 'addressLine1', 'addressLine2', 'city', 'region', 'postalCode', 'country', 'note'] as const;
export type RetailField = (typeof RETAIL_FIELDS)[number];
export type RetailCustomer = Record<RetailField, string>;

interface FieldRule {
  label: string;
  max: number;
  required: boolean;
}

export const RETAIL_RULES: Record<RetailField, FieldRule> = {
  name: { label: 'Your name', max: 250, required: true },
  email: { label: 'Email', max: 320, required: true },
  phone: { label: 'Phone', max: 40, required: false },
  addressLine1: { label: 'Address', max: 200, required: true },
  addressLine2: { label: 'Address line 2', max: 200, required: false },
  city: { label: 'City', max: 100, required: true },
  region: { label: 'State or province', max: 100, required: false },
  postalCode: { label: 'ZIP or postal code', max: 20, required: true },
  country: { label: 'Country', max: 60, required: true },
  note: { label: 'Note for the funeral home', max: 1000, required: false },
};

export const EMPTY_CUSTOMER: RetailCustomer = { name: '', email: '', phone: '', addressLine1: '', addressLine2: '', city: '', region: '', postalCode: '', country: 'United States', note: '' };

/** Said plainly on the form and in its answer: the product takes no payment. */
export const NO_PAYMENT_TEXT = 'No payment is taken here. The funeral home will contact you about payment and delivery before anything is sent.';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+().\-\s]*$/;

/** What is wrong with each field (none: an empty object). Values are trimmed first. */
export function retailProblems(customer: Partial<Record<RetailField, unknown>>): Partial<Record<RetailField, string>> {
  const problems: Partial<Record<RetailField, string>> = {};
  for (const field of RETAIL_FIELDS) {
    const rule = RETAIL_RULES[field];
    const raw = customer[field];
    if (raw !== undefined && raw !== null && typeof raw !== 'string') {
      problems[field] = `${rule.label} must be text.`;
      continue;
    }
    const value = (raw ?? '').trim();
    if (rule.required && !value) problems[field] = `${rule.label} is required.`;
    else if (value.length > rule.max) problems[field] = `${rule.label} must be at most ${rule.max} characters.`;
    else if (field === 'email' && !EMAIL.test(value)) problems[field] = 'Please enter a valid email address.';
    else if (field === 'phone' && !PHONE.test(value)) problems[field] = 'Please enter a phone number with digits only.';
  }
  return problems;
}

/** The fields as typed, trimmed. */
export const cleanCustomer = (customer: Partial<Record<RetailField, unknown>>): RetailCustomer =>
  Object.fromEntries(RETAIL_FIELDS.map((field) => [field, typeof customer[field] === 'string' ? (customer[field] as string).trim() : ''])) as RetailCustomer;
