/** Wire shapes (snake_case) shared with the web app through `import type`. */
export type Role = 'staff' | 'org_admin' | 'super';

export interface WireUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  organization_id: number | null;
  organization_name: string | null;
  disabled: boolean;
}

export interface WireMe {
  user: WireUser | null;
  via_admin: boolean;
}
