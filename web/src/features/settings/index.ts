import type { PageRoute } from '../../app/route-types.ts';
import { BrandsPage } from './brands/BrandsPage.tsx';
import { OrganizationsPage } from './organizations/OrganizationsPage.tsx';
import { UsersPage } from './users/UsersPage.tsx';
import { VideosPage } from './videos/VideosPage.tsx';

export const SETTINGS_ROUTES: PageRoute[] = [
  { path: '/settings/organizations', title: 'Organizations', audience: 'super', component: OrganizationsPage },
  { path: '/settings/brands', title: 'Brands', audience: 'super', component: BrandsPage },
  { path: '/settings/users', title: 'Users', audience: 'super', component: UsersPage },
  { path: '/settings/videos', title: 'Videos', audience: 'super', component: VideosPage },
];

/** Shared with the organization's own settings page (features/account). */
export { AdminTable, type Column } from './components/AdminTable.tsx';
export { FormDialog } from './components/FormDialog.tsx';
export { formatDate, ROLE_LABELS } from './components/format.ts';
export { ListToolbar } from './components/ListToolbar.tsx';
export { RowActions } from './components/RowActions.tsx';
export { SearchField } from './components/SearchField.tsx';
export { StatusChip } from './components/StatusChip.tsx';
export { useConfirm } from './components/useConfirm.tsx';
export { useListState } from './components/useListState.ts';
export { collect, email, hasErrors, InvalidForm, maxLength, required, type FieldErrors } from './components/validation.ts';
export { BrandDialog } from './brands/BrandDialog.tsx';
export { RoleSelect } from './users/RoleSelect.tsx';
export type { AdminUser, Brand, Invitation, Organization, Role } from './api.ts';
