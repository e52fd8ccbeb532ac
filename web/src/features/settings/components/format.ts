import type { Role } from '../api.ts';

export const ROLE_LABELS: Record<Role, string> = {
  staff: 'Staff',
  org_admin: 'Organization admin',
  super: 'Super user',
};

const DATE = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** A short local date, or a dash when there is none. */
export const formatDate = (iso: string | null | undefined): string => (iso ? DATE.format(new Date(iso)) : '—');
