import type { UserWithOrg } from '../repositories/user.repository.ts';
import type { WireUser } from './auth.ts';

export const toWireUser = (u: UserWithOrg): WireUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  organization_id: u.organization_id,
  organization_name: u.organization_name,
  disabled: u.disabled,
});
