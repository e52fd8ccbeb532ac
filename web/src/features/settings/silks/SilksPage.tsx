import { Button } from '@mui/material';
import { useMemo, useState } from 'react';
import type { WireSilkDevice, WireSilkToken } from '../../../../../server/src/wire/silk.ts';
import { sendJson, type Camelized } from '../../../api/index.ts';
import { StatusChip } from '../components/StatusChip.tsx';
import { useConfirm } from '../components/useConfirm.tsx';
import { AdminResourcePage } from '../resource/AdminResourcePage.tsx';
import { saveValues } from '../resource/api.ts';
import type { ResourceDeclaration } from '../resource/types.ts';
import { DeviceTokenDialog, type IssuedToken } from './DeviceTokenDialog.tsx';

type Device = Camelized<WireSilkDevice>;

const PATH = '/r/settings/silks';

/** POST /r/settings/silks/{id}/token: a new token for the device (the old one stops working). */
const issueToken = (id: number) => sendJson<Camelized<WireSilkToken>>('POST', `${PATH}/${id}/token`);

/** When the device last called: the time matters, a receiver calls every few seconds while it is on. */
const SEEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const name = (d: Pick<Device, 'label' | 'deviceId'>): string => `${d.label} (#${d.deviceId})`;

/**
 * /settings/silks (super users): the Direct Delivery receivers of every organization. Registering one issues its
 * device token, shown once; a row's New Token replaces a lost one after a warning.
 */
export function SilksPage() {
  const [issued, setIssued] = useState<IssuedToken | null>(null);
  const [confirmDialog, ask] = useConfirm();

  const resource = useMemo<ResourceDeclaration<Device>>(
    () => ({
      title: 'Direct Delivery Devices',
      noun: 'device',
      path: PATH,
      listKey: 'silks',
      searchLabel: 'Search devices',
      columns: [
        { label: 'Label', render: (d) => d.label },
        { label: 'Device ID', render: (d) => `#${d.deviceId}` },
        { label: 'Organization', render: (d) => d.organizationName },
        { label: 'Last Seen', render: (d) => (d.lastSeenAt ? SEEN.format(new Date(d.lastSeenAt)) : 'Never'), secondary: true },
        { label: 'Status', render: (d) => <StatusChip disabled={d.disabled || !d.hasToken} offLabel={d.disabled ? 'Disabled' : 'No token'} /> },
      ],
      filters: [{ kind: 'organization', param: 'organization_id' }],
      fields: [
        { key: 'organizationId', label: 'Organization', kind: 'organization', required: true, createOnly: true, read: (d) => ({ id: d.organizationId, organizationName: d.organizationName }) },
        { key: 'label', label: 'Label', kind: 'text', required: true, helper: 'Where the screen is, as staff see it on the video details page (Chapel 2, Lobby).' },
        { key: 'deviceId', label: 'Device ID', kind: 'text', required: true, max: 100, createOnly: true, helper: 'As printed on the receiver: letters, digits and - _ . :' },
      ],
      // Registering also issues the token, which is shown once.
      save: async (row, values) => {
        if (row) {
          await saveValues('PATCH', `${PATH}/${row.id}`, values);
          return;
        }
        const { silk } = await saveValues<{ silk: Device }>('POST', PATH, values);
        const { token } = await issueToken(silk.id);
        setIssued({ label: silk.label, deviceId: silk.deviceId, token });
      },
      rowName: name,
      rowActions: (d, context) => (
        <Button
          size="small"
          aria-label={`New token for ${name(d)}`}
          onClick={() =>
            ask({
              title: 'Make a new token?',
              message: `${name(d)} stops delivering until the new token is entered on it.`,
              confirmLabel: 'New Token',
              danger: true,
              action: async () => {
                const { token } = await issueToken(d.id);
                setIssued({ label: d.label, deviceId: d.deviceId, token });
                await context.refresh();
              },
            })
          }
        >
          New Token
        </Button>
      ),
      toggle: {
        key: 'disabled',
        enableMessage: (d) => `${name(d)} can sign in again and is listed on the video details pages.`,
        disableMessage: (d) => `${name(d)} will no longer receive videos or be listed on the video details pages. Its token stops working.`,
      },
      remove: { message: (d) => `${name(d)} will be deleted with its token and the list of videos sent to it.` },
      emptyText: 'No devices registered yet.',
    }),
    [ask],
  );

  return (
    <>
      <AdminResourcePage resource={resource} />
      <DeviceTokenDialog issued={issued} onClose={() => setIssued(null)} />
      {confirmDialog}
    </>
  );
}
