import type { AlertChannel, CreatedAlertChannel } from '@outpost/contracts';
import { Badge, Button, EmptyState, ErrorState, Spinner, Toggle } from '@outpost/ui';
import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { errorMessage, listErrorMessage } from '../../../shared/utils/error-message';
import {
  useDeleteAlertChannelMutation,
  useGetAlertChannelsQuery,
  useSendAlertChannelTestMutation,
  useUpdateAlertChannelMutation,
} from '../api/alerts.api';
import { deliveryOutcome } from '../utils/delivery-outcome';
import { CHANNEL_TYPE_LABELS } from '../utils/rule-labels';
import { AlertChannelDialog } from './alert-channel-dialog';
import type { AlertsAccess } from './alerts-access';
import { ChannelSecretDialog } from './channel-secret-dialog';

const READ_ONLY_TITLE = 'The demo is read-only';

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
  const readOnlyTitle = readOnly ? READ_ONLY_TITLE : undefined;
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
          onChange={(enabled) => void update({ networkId, channelId: channel.id, changes: { enabled } })}
        />
        <Button
          variant="secondary"
          size="sm"
          disabled={readOnly}
          title={readOnlyTitle}
          busy={test.isLoading}
          busyLabel="Sending..."
          aria-label={`Send test to ${channel.name}`}
          onClick={() => void sendTest({ networkId, channelId: channel.id })}
        >
          Send test
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={readOnly}
          title={readOnlyTitle}
          aria-label={`Edit channel ${channel.name}`}
          onClick={onEdit}
        >
          Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={readOnly}
          title={readOnlyTitle}
          aria-label={`Delete channel ${channel.name}`}
          onClick={onDelete}
        >
          Delete
        </Button>
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

  const onCreated = (channel: CreatedAlertChannel) => {
    setDialog(null);
    if (channel.secret) setSecret({ name: channel.name, secret: channel.secret });
  };

  let body;
  if (query.isLoading) body = <Spinner label="Loading alert channels…" showLabel />;
  else if (!query.data)
    body = (
      <ErrorState
        title="Failed to load the alert channels"
        message={listErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.length === 0)
    body = (
      <EmptyState
        title="No alert channels"
        message="Alerts reach nobody until a channel is added: e-mail, a Discord or generic webhook, or the bell."
      />
    );
  else
    body = (
      <ul className="al-list" aria-label="Alert channels">
        {query.data.map((channel) => (
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
    );

  return (
    <section className="al-section" aria-labelledby="alert-channels-title">
      <div className="net-tab__header">
        <h3 id="alert-channels-title">Channels</h3>
        <Button
          size="sm"
          disabled={readOnly}
          title={readOnly ? READ_ONLY_TITLE : undefined}
          onClick={() => setDialog({ channel: null })}
        >
          Add Channel
        </Button>
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
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Alert Channel"
        description={deleting ? `Alerts will no longer be sent to ${deleting.name}.` : ''}
        confirmLabel="Delete Channel"
        busyLabel="Deleting..."
        busy={removed.isLoading}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          void remove({ networkId, channelId: deleting.id })
            .unwrap()
            .then(() => setDeleting(null))
            .catch(() => undefined);
        }}
      >
        {removed.isError && (
          <p role="alert" className="net-form-error">
            {errorMessage(removed.error, 'Failed to delete the channel')}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
};
