import { AdminResourceList } from './AdminResourceList.tsx';
import type { ResourceDeclaration } from './types.ts';

/** A whole settings page made from one declaration (see docs/architecture.md, "Administration pages"). */
export function AdminResourcePage<T extends { id: number }>({ resource }: { resource: ResourceDeclaration<T> }) {
  return <AdminResourceList resource={resource} frame="page" />;
}
