import type { ComponentType, ReactNode } from 'react';
import type { Column } from '../components/AdminTable.tsx';
import type { OrganizationOption } from '../components/OrganizationPicker.tsx';

/** How a form field is edited; each kind has its own check and conversion (resource/form-values.ts). */
export type FieldKind = 'text' | 'multiline' | 'email' | 'url' | 'number' | 'money' | 'switch' | 'select' | 'multiselect' | 'date' | 'organization' | 'file';

export interface ResourceField<T> {
  /** The value's key on the wire, in camelCase (the API layer turns it into snake_case). */
  key: string;
  /** Shown on the field; lower-cased inside messages ("Please enter the partner name."). */
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** Text: most characters (250 unless given). Number and money: largest value. */
  max?: number;
  /** Number and money: smallest value (0 unless given). */
  min?: number;
  options?: readonly { value: string; label: string }[];
  helper?: string;
  /** The value of a new row's form; otherwise empty, off, or the first option. */
  initial?: unknown;
  /** Shown only when creating (an owner that cannot change afterwards). */
  createOnly?: boolean;
  /** The field's value from a row, when it is not row[key] (an organization picker's {id, organizationName}). */
  read?: (row: T) => unknown;
  /** File inputs: the accept attribute. */
  accept?: string;
}

/** A filter beside the search field; its value goes to the list's query string. */
export type ResourceFilter =
  | { kind: 'organization'; param: 'organization_id'; label?: string }
  | { kind: 'select'; param: string; label: string; options: readonly { value: string; label: string }[]; initial: string };

/** Values of the current filters, by query parameter; an organization filter also offers itself to new rows. */
export interface FilterValues {
  query: Record<string, string | number | undefined>;
  organization: OrganizationOption | null;
}

/** A hand-made form for a resource whose form does more than declared fields can (users' invitations). */
export interface ResourceFormProps<T> {
  row: T | undefined;
  filters: FilterValues;
  onClose: () => void;
  /** Saves the values the form gathered (through the declaration's save, or the default POST or PATCH). */
  onSave: (values: Record<string, unknown>) => Promise<void>;
  /**
   * A refused save's field messages (camelCase keys) to show beside the fields, as the declared forms do; anything
   * else it shows in the alert dialog and answers undefined.
   */
  problemsOf: (err: unknown) => Record<string, string> | undefined;
}

export interface RowContext {
  /** Reloads the list after a change an action made itself. */
  refresh: () => Promise<unknown>;
  /** Shows a short message below the page. */
  notify: (message: string) => void;
}

/**
 * One administration list declared: where its rows come from, how they show, how they are searched and filtered,
 * and how a row is created, edited, disabled or deleted. AdminResourceList does the rest, the same for every page.
 */
export interface ResourceDeclaration<T extends { id: number }> {
  /** Plural heading and the table's name for screen readers: 'Partners'. */
  title: string;
  /** One row in words: 'partner' ('New partner', 'Delete partner?'). */
  noun: string;
  /** The API: GET {path}?q&page&per_page answers {[listKey]: rows, total}; POST {path}; PATCH and DELETE {path}/{id}. */
  path: string;
  listKey: string;
  searchLabel: string;
  columns: Column<T>[];
  filters?: ResourceFilter[];
  /** The create and edit form, declared; or `form` for a hand-made one. */
  fields?: ResourceField<T>[];
  form?: ComponentType<ResourceFormProps<T>>;
  /** Shown above the form's fields (a theme's preview as the render engine draws it); `row` is undefined creating. */
  formPanel?: (row: T | undefined) => ReactNode;
  /** Checks across fields (values converted as sent), message by field key. */
  check?: (values: Record<string, unknown>) => Record<string, string>;
  /** Replaces the default POST or PATCH; may answer a message to show (an invitation sent). */
  save?: (row: T | undefined, values: Record<string, unknown>) => Promise<string | void>;
  /** How a row is named in buttons and confirmations. */
  rowName: (row: T) => string;
  /** False: no New button. `href`: the New button opens another page instead of the form. */
  create?: false | { href: string; label: string };
  /** False: rows cannot be edited here. */
  edit?: false;
  /** Disable and Enable by PATCHing this boolean column, with a sentence for each confirmation. */
  toggle?: { key: string; disableMessage: (row: T) => string; enableMessage: (row: T) => string; canToggle?: (row: T) => boolean };
  /** Delete with confirmation: by default DELETE {path}/{id}; with isRemoved and restore, a soft delete that can be undone. */
  remove?: {
    message: (row: T) => string;
    call?: (row: T) => Promise<unknown>;
    /** False: no Delete button on this row (a theme that ships with the product). */
    canRemove?: (row: T) => boolean;
    isRemoved?: (row: T) => boolean;
    restore?: { message: (row: T) => string; call: (row: T) => Promise<unknown> };
  };
  /** Buttons shown before Edit on each row. */
  rowActions?: (row: T, context: RowContext) => ReactNode;
  dimmed?: (row: T) => boolean;
  /** The list's message when it has no rows (and when a search or filter finds none). */
  emptyText?: string;
  noMatchText?: (search: string) => string;
  perPage?: number;
}
