import { Add } from '@mui/icons-material';
import { Button, MenuItem, Snackbar, TextField } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { showAlert } from '../../../api/alerts.ts';
import { getJson } from '../../../api/index.ts';
import { Page } from '../../../ui/index.ts';
import { usePagedList } from '../api.ts';
import { AdminTable } from '../components/AdminTable.tsx';
import { ListToolbar } from '../components/ListToolbar.tsx';
import { OrganizationPicker, type OrganizationOption } from '../components/OrganizationPicker.tsx';
import { SearchField } from '../components/SearchField.tsx';
import { useConfirm } from '../components/useConfirm.tsx';
import { useListState } from '../components/useListState.ts';
import { InvalidForm } from '../components/validation.ts';
import { deleteRow, fieldProblems, saveValues } from './api.ts';
import { ResourceForm } from './ResourceForm.tsx';
import type { FilterValues, ResourceDeclaration } from './types.ts';

interface Props<T extends { id: number }> {
  resource: ResourceDeclaration<T>;
  /** 'page': a whole page with its heading and New button; 'section': the list alone, New beside the search. */
  frame?: 'page' | 'section';
  /** Shows the rows without New, Edit, Disable or Delete (staff looking at their organization's settings). */
  readOnly?: boolean;
  /** After every change this list made (a save, disable, delete), for other parts of the page that show its rows. */
  onChange?: () => void;
}

/**
 * The list of an administration resource, declared in a ResourceDeclaration: search, filters, paging, the create and
 * edit form, disable or delete with confirmation. Every settings page is one of these.
 */
export function AdminResourceList<T extends { id: number }>({ resource, frame = 'page', readOnly = false, onChange }: Props<T>) {
  const list = useListState(resource.perPage);
  const [organization, setOrganization] = useState<OrganizationOption | null>(null);
  const [selects, setSelects] = useState<Record<string, string>>(() =>
    Object.fromEntries((resource.filters ?? []).flatMap((f) => (f.kind === 'select' ? [[f.param, f.initial]] : []))),
  );
  const filters: FilterValues = { query: { ...selects, organization_id: organization?.id }, organization };
  const { data, error, isValidating, mutate: reload } = usePagedList<Record<string, unknown> & { total: number }>(
    resource.path,
    { q: list.search || undefined, ...filters.query },
    list.page,
    list.perPage,
  );
  const mutate = () => {
    onChange?.();
    return reload();
  };
  const rows = data?.[resource.listKey] as T[] | undefined;
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  // ?edit={id} opens that row's form: the details page's Organization row links an organization's edit form this way.
  useEffect(() => {
    const id = frame === 'page' && !readOnly ? Number(new URLSearchParams(window.location.search).get('edit')) : 0;
    if (!Number.isSafeInteger(id) || id <= 0) return;
    let live = true;
    getJson<Record<string, T>>(`${resource.path}/${id}`)
      .then((reply) => {
        const row = Object.values(reply)[0];
        if (live && row) setEditing(row);
      })
      .catch(() => undefined); // the alert dialog has said why (a missing row is a 404)
    return () => {
      live = false;
    };
  }, [resource.path, frame, readOnly]);
  const [notice, setNotice] = useState('');
  const [confirmDialog, ask] = useConfirm();
  const context = { refresh: () => mutate(), notify: setNotice };
  const name = resource.noun;

  const save = async (values: Record<string, unknown>) => {
    const row = editing === 'new' ? undefined : (editing ?? undefined);
    const message = resource.save
      ? await resource.save(row, values)
      : await saveValues(row ? 'PATCH' : 'POST', row ? `${resource.path}/${row.id}` : resource.path, values).then(() => undefined);
    if (message) setNotice(message);
    setEditing(null);
    await mutate();
  };

  /** A refusal that is not about fields is shown in the alert dialog; field messages go beside the fields. */
  const problemsOf = (err: unknown) => {
    if (err instanceof InvalidForm) return undefined;
    const problems = fieldProblems(err);
    if (!problems && err instanceof Error) showAlert(err.message);
    return problems;
  };

  const toggle = resource.toggle;
  const askToggle = (row: T) => {
    if (!toggle) return;
    const off = Boolean((row as Record<string, unknown>)[toggle.key]);
    ask({
      title: `${off ? 'Enable' : 'Disable'} ${name}?`,
      message: off ? toggle.enableMessage(row) : toggle.disableMessage(row),
      confirmLabel: off ? 'Enable' : 'Disable',
      danger: !off,
      action: async () => {
        await saveValues('PATCH', `${resource.path}/${row.id}`, { [toggle.key]: !off }).catch((err: Error) => {
          showAlert(err.message);
          throw err;
        });
        await mutate();
      },
    });
  };

  const remove = resource.remove;
  const askRemove = (row: T) => {
    if (!remove) return;
    const removed = remove.isRemoved?.(row) ?? false;
    const restore = remove.restore;
    ask({
      title: `${removed ? 'Restore' : 'Delete'} ${name}?`,
      message: removed && restore ? restore.message(row) : remove.message(row),
      confirmLabel: removed ? 'Restore' : 'Delete',
      danger: !removed,
      action: async () => {
        if (removed && restore) await restore.call(row);
        else await (remove.call ? remove.call(row) : deleteRow(resource.path, row.id));
        await mutate();
      },
    });
  };

  const actions = (row: T): ReactNode => {
    const label = resource.rowName(row);
    const off = toggle ? Boolean((row as Record<string, unknown>)[toggle.key]) : false;
    const removed = remove?.isRemoved?.(row) ?? false;
    return (
      <>
        {resource.rowActions?.(row, context)}
        {!readOnly && resource.edit !== false && (
          <Button size="small" onClick={() => setEditing(row)} aria-label={`Edit ${label}`}>
            Edit
          </Button>
        )}
        {!readOnly && toggle && (toggle.canToggle?.(row) ?? true) && (
          <Button size="small" color={off ? 'primary' : 'error'} onClick={() => askToggle(row)} aria-label={`${off ? 'Enable' : 'Disable'} ${label}`}>
            {off ? 'Enable' : 'Disable'}
          </Button>
        )}
        {!readOnly && remove && (remove.canRemove?.(row) ?? true) && (
          <Button size="small" color={removed ? 'primary' : 'error'} onClick={() => askRemove(row)} aria-label={`${removed ? 'Restore' : 'Delete'} ${label}`}>
            {removed ? 'Restore' : 'Delete'}
          </Button>
        )}
      </>
    );
  };

  const create = resource.create;
  const newButton =
    readOnly || create === false ? null : create ? (
      <Button component={Link} href={create.href} variant="contained" startIcon={<Add />}>
        {create.label}
      </Button>
    ) : (
      <Button variant={frame === 'page' ? 'contained' : 'outlined'} startIcon={<Add />} onClick={() => setEditing('new')} sx={frame === 'section' ? { ml: { sm: 'auto' } } : undefined}>
        New {name}
      </Button>
    );
  const filtered = Boolean(list.search || organization || (resource.filters ?? []).some((f) => f.kind === 'select' && selects[f.param] !== f.initial));
  const Form = resource.form;
  const row = editing === 'new' ? undefined : (editing ?? undefined);

  const content = (
    <>
      <ListToolbar>
        <SearchField label={resource.searchLabel} value={list.typed} onChange={list.setTyped} />
        {resource.filters?.map((filter) =>
          filter.kind === 'organization' ? (
            <OrganizationPicker
              key={filter.param}
              label={filter.label ?? 'Filter by organization'}
              size="small"
              sx={{ width: { xs: '100%', sm: 300 } }}
              value={organization}
              onChange={(next) => {
                setOrganization(next);
                list.resetPage();
              }}
            />
          ) : (
            <TextField
              key={filter.param}
              select
              size="small"
              label={filter.label}
              value={selects[filter.param]}
              onChange={(e) => {
                setSelects((s) => ({ ...s, [filter.param]: e.target.value }));
                list.resetPage();
              }}
              sx={{ width: { xs: '100%', sm: 160 } }}
            >
              {filter.options.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          ),
        )}
        {frame === 'section' && newButton}
      </ListToolbar>
      <AdminTable
        label={resource.title}
        rows={rows}
        rowKey={(r) => r.id}
        columns={resource.columns}
        dimmed={resource.dimmed ?? (toggle ? (r) => Boolean((r as Record<string, unknown>)[toggle.key]) : undefined)}
        actions={readOnly && !resource.rowActions ? undefined : actions}
        loading={isValidating}
        error={error}
        emptyText={filtered ? (resource.noMatchText?.(list.search) ?? `No ${resource.title.toLowerCase()} match.`) : (resource.emptyText ?? `No ${resource.title.toLowerCase()} yet.`)}
        total={data?.total ?? 0}
        list={list}
      />
      {editing &&
        (Form ? (
          <Form key={row?.id ?? 'new'} row={row} filters={filters} onClose={() => setEditing(null)} onSave={save} problemsOf={problemsOf} />
        ) : (
          <ResourceForm key={row?.id ?? 'new'} resource={resource} row={row} organization={organization} onClose={() => setEditing(null)} onSave={save} problemsOf={problemsOf} />
        ))}
      {confirmDialog}
      <Snackbar open={Boolean(notice)} autoHideDuration={6000} onClose={() => setNotice('')} message={notice} />
    </>
  );

  return frame === 'page' ? (
    <Page title={resource.title} actions={newButton}>
      {content}
    </Page>
  ) : (
    content
  );
}
