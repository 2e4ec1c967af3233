import {
  ALERT_CHANNEL_TYPES,
  ALERT_LIMITS,
  type AlertChannel,
  type CreatedAlertChannel,
} from '@outpost/contracts';
import { SelectField, TextArea, TextField } from '@outpost/ui';
import { channelNeedsUrl } from '@outpost/validation';
import { useCreateAlertChannelMutation, useUpdateAlertChannelMutation } from '../api/alerts.api';
import { channelFormValues, checkChannelForm, type ChannelFormValues } from '../utils/alert-forms';
import { AlertFormDialog, useAlertForm } from './alert-form-dialog';
import { CHANNEL_TYPE_LABELS } from '../utils/rule-labels';

const TYPE_OPTIONS = ALERT_CHANNEL_TYPES.map((type) => ({ value: type, label: CHANNEL_TYPE_LABELS[type] }));

export type AlertChannelDialogProps = {
  networkId: string;
  /** The channel to edit; null adds one. */
  channel: AlertChannel | null;
  onClose: () => void;
  /** A new channel as the API answered it: a generic webhook's carries its secret, this once. */
  onCreated: (channel: CreatedAlertChannel) => void;
  /** The network has its panel channel already (one per network): not offered again. */
  panelTaken: boolean;
};

/** Add or edit a channel: its type (fixed once made), name, and addresses or URL. */
export const AlertChannelDialog = ({
  networkId,
  channel,
  onClose,
  onCreated,
  panelTaken,
}: AlertChannelDialogProps) => {
  const [create, created] = useCreateAlertChannelMutation();
  const [update, updated] = useUpdateAlertChannelMutation();
  const saving = channel ? updated : created;
  const { values, change, shown, formError, setErrors } = useAlertForm<ChannelFormValues>(
    () => channelFormValues(channel),
    saving,
    ['type', 'name', 'emails', 'url'],
    'Failed to save the channel',
  );

  const submit = async () => {
    const checked = checkChannelForm(values);
    if (!checked.ok) return setErrors(checked.errors);
    try {
      if (channel) {
        // The type never changes: it is not sent.
        const { name, emails, url } = checked.channel;
        await update({ networkId, channelId: channel.id, changes: { name, emails, url } }).unwrap();
        onClose();
      } else {
        const made = await create({ networkId, channel: { ...checked.channel, enabled: true } }).unwrap();
        onCreated(made);
      }
    } catch {
      // Shown beside the fields, or above the buttons, from the mutation's error.
    }
  };

  return (
    <AlertFormDialog
      title={channel ? 'Edit Alert Channel' : 'Add Alert Channel'}
      saving={saving}
      formError={formError}
      submitLabel={channel ? 'Save Channel' : 'Add Channel'}
      onClose={onClose}
      onSubmit={submit}
    >
      <SelectField
        label="Type"
        value={values.type}
        options={channel || !panelTaken ? TYPE_OPTIONS : TYPE_OPTIONS.filter((o) => o.value !== 'panel')}
        onChange={(type) => change({ type })}
        disabled={channel !== null}
        error={shown.type}
      />
      <TextField
        label="Name"
        value={values.name}
        maxLength={ALERT_LIMITS.channelName}
        onChange={(event) => change({ name: event.target.value })}
        placeholder="Staff Discord"
        autoComplete="off"
        error={shown.name}
        aria-required
      />
      {values.type === 'email' && (
        <TextArea
          label="E-mail addresses"
          rows={3}
          value={values.emails}
          onChange={(event) => change({ emails: event.target.value })}
          hint={`One per line, up to ${ALERT_LIMITS.emails}. Leave empty to mail the network's owner and admins.`}
          error={shown.emails}
        />
      )}
      {channelNeedsUrl(values.type) && (
        <TextField
          label={values.type === 'discord' ? 'Discord webhook URL' : 'Webhook URL'}
          type="url"
          value={values.url}
          onChange={(event) => change({ url: event.target.value })}
          placeholder={
            values.type === 'discord' ? 'https://discord.com/api/webhooks/…' : 'https://example.com/outpost'
          }
          hint={
            values.type === 'webhook'
              ? 'Each alert is POSTed as JSON with X-Outpost-Timestamp and X-Outpost-Signature (the README shows a receiver).'
              : undefined
          }
          autoComplete="off"
          error={shown.url}
          aria-required
        />
      )}
    </AlertFormDialog>
  );
};
