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
export { AdminResourceList } from './resource/AdminResourceList.tsx';
export type { ResourceDeclaration } from './resource/types.ts';
export { RoleSelect } from './users/RoleSelect.tsx';
export type { AdminUser, Brand, Invitation, Organization, Role } from './api.ts';
