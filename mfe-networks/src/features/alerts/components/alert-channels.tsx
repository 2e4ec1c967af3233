import type { AlertChannel, CreatedAlertChannel } from '@outpost/contracts';
import { Badge, Toggle } from '@outpost/ui';
import { useState } from 'react';
import { READ_ONLY_HINT } from '../../../shared/hooks/use-read-only';
import { errorMessage } from '../../../shared/utils/error-message';
import {
  useDeleteAlertChannelMutation,
  useGetAlertChannelsQuery,
  useGetAlertRulesQuery,
  useSendAlertChannelTestMutation,
  useUpdateAlertChannelMutation,
} from '../api/alerts.api';
import { deliveryOutcome } from '../utils/delivery-outcome';
import { CHANNEL_TYPE_LABELS, describeRule } from '../utils/rule-labels';
import { AlertChannelDialog } from './alert-channel-dialog';
import { AlertItemButton, AlertListBody, DeleteAlertItemDialog } from './alert-list-parts';
import type { AlertsAccess } from './alerts-access';
import { ChannelSecretDialog } from './channel-secret-dialog';

/** Where a channel's messages go, in a few words. */
const destination = (channel: AlertChannel): string => {
  if (channel.type === 'panel') return "The bell in the panel's header, for every member";
  if (channel.type === 'email')
    return channel.emails.length > 0 ? channel.emails.join(', ') : "The network's owner and admins";
  return channel.url ?? '';
};

type ChannelRowProps = AlertsAccess & {
  networkId: string;
  channel: AlertChannel;
  onEdit: () => void;
  onDelete: () => void;
};

/** One channel: where it sends, on or off, and "Send test" with the test delivery's outcome. */
const ChannelRow = ({ networkId, channel, readOnly, onEdit, onDelete }: ChannelRowProps) => {
  const [sendTest, test] = useSendAlertChannelTestMutation();
  const [update, updated] = useUpdateAlertChannelMutation();
  let outcome = null;
  if (test.isLoading) outcome = 'Sending a test…';
  else if (test.data) outcome = `Test: ${deliveryOutcome(test.data)}`;
  else if (test.error)
    outcome = `Test not sent: ${errorMessage(test.error, 'the panel could not be reached')}`;

  return (
    <li className="al-item">
      <div className="al-item__text">
        <p className="al-item__title">
          {channel.name}
          <Badge>{CHANNEL_TYPE_LABELS[channel.type]}</Badge>
          {!channel.enabled && <Badge>Off</Badge>}
        </p>
        <p className="net-muted al-break">{destination(channel)}</p>
        {outcome && (
          <p
            role="status"
            className={`al-test al-test--${test.data?.status ?? (test.error ? 'failed' : 'pending')}`}
          >
            {outcome}
          </p>
        )}
        {updated.isError && (
          <p role="alert" className="net-form-error">
            {errorMessage(updated.error, 'Failed to change the channel')}
          </p>
        )}
      </div>
      <div className="al-item__actions">
        <Toggle
          label={<span className="op-sr-only">Enabled: {channel.name}</span>}
          checked={channel.enabled}
          disabled={readOnly || updated.isLoading}
          title={readOnly ? READ_ONLY_HINT : undefined}
          onChange={(enabled) => void update({ networkId, channelId: channel.id, changes: { enabled } })}
        />
        <AlertItemButton
          variant="secondary"
          readOnly={readOnly}
          busy={test.isLoading}
          busyLabel="Sending..."
          aria-label={`Send test to ${channel.name}`}
          onClick={() => void sendTest({ networkId, channelId: channel.id })}
        >
          Send test
        </AlertItemButton>
        <AlertItemButton
          variant="secondary"
          readOnly={readOnly}
          aria-label={`Edit channel ${channel.name}`}
          onClick={onEdit}
        >
          Edit
        </AlertItemButton>
        <AlertItemButton
          variant="ghost"
          readOnly={readOnly}
          aria-label={`Delete channel ${channel.name}`}
          onClick={onDelete}
        >
          Delete
        </AlertItemButton>
      </div>
    </li>
  );
};

export type AlertChannelsProps = AlertsAccess & { networkId: string };

/** Where alerts go (owner and admin): add, edit, enable, delete and test each channel. */
export const AlertChannels = ({ networkId, manage, readOnly }: AlertChannelsProps) => {
  const query = useGetAlertChannelsQuery(networkId);
  const [dialog, setDialog] = useState<{ channel: AlertChannel | null } | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [deleting, setDeleting] = useState<AlertChannel | null>(null);
  const [remove, removed] = useDeleteAlertChannelMutation();
  const rules = useGetAlertRulesQuery(networkId).data;

  /** What deleting a channel does, the rules that send only to it named (they go back to every channel). */
  const deleteText = (channel: AlertChannel) => {
    const only = (rules ?? []).filter(
      (rule) => rule.channelIds?.length === 1 && rule.channelIds[0] === channel.id,
    );
    const after =
      only.length === 0
        ? ''
        : ` ${only.length === 1 ? 'This rule sends' : 'These rules send'} only to it and will send to every channel: ${only.map((rule) => describeRule(rule)).join('; ')}.`;
    return `Alerts will no longer be sent to ${channel.name}.${after}`;
  };

  const onCreated = (channel: CreatedAlertChannel) => {
    setDialog(null);
    if (channel.secret) setSecret({ name: channel.name, secret: channel.secret });
  };

  const body = (
    <AlertListBody
      query={query}
      count={query.data?.length ?? 0}
      loadingLabel="Loading alert channels…"
      errorTitle="Failed to load the alert channels"
      emptyTitle="No alert channels"
      emptyMessage="Alerts reach nobody until a channel is added: e-mail, a Discord or generic webhook, or the bell."
    >
      <ul className="al-list" aria-label="Alert channels">
        {query.data?.map((channel) => (
          <ChannelRow
            key={channel.id}
            networkId={networkId}
            channel={channel}
            manage={manage}
            readOnly={readOnly}
            onEdit={() => setDialog({ channel })}
            onDelete={() => setDeleting(channel)}
          />
        ))}
      </ul>
    </AlertListBody>
  );

  return (
    <section className="al-section" aria-labelledby="alert-channels-title">
      <div className="net-tab__header">
        <h3 id="alert-channels-title">Channels</h3>
        <AlertItemButton readOnly={readOnly} onClick={() => setDialog({ channel: null })}>
          Add Channel
        </AlertItemButton>
      </div>
      {body}
      {dialog && (
        <AlertChannelDialog
          networkId={networkId}
          channel={dialog.channel}
          onClose={() => setDialog(null)}
          onCreated={onCreated}
          panelTaken={query.data?.some((channel) => channel.type === 'panel') ?? false}
        />
      )}
      <ChannelSecretDialog channel={secret} onDone={() => setSecret(null)} />
      <DeleteAlertItemDialog
        item={deleting}
        title="Delete Alert Channel"
        describe={deleteText}
        confirmLabel="Delete Channel"
        removing={removed}
        failure="Failed to delete the channel"
        onDelete={(channel) => remove({ networkId, channelId: channel.id }).unwrap()}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
};
