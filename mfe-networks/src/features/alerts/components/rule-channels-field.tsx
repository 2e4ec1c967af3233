import { RadioGroup } from '@outpost/ui';
import { useId } from 'react';
import { useGetAlertChannelsQuery } from '../api/alerts.api';
import type { RuleSendTo } from '../utils/alert-forms';
import { CHANNEL_TYPE_LABELS } from '../utils/rule-labels';

const SEND_TO: readonly RuleSendTo[] = ['all', 'chosen'];
const SEND_TO_LABELS: Readonly<Record<RuleSendTo, string>> = {
  all: 'Every channel',
  chosen: 'Chosen channels',
};

export type RuleChannelsFieldProps = {
  networkId: string;
  sendTo: RuleSendTo;
  channelIds: readonly string[];
  onChange: (changes: { sendTo?: RuleSendTo; channelIds?: string[] }) => void;
  /** The form's or the API's message about channelIds. */
  error?: string;
};

/**
 * A rule's "Send to": every channel of the network (those added later too), or the channels
 * ticked, each named with its type (and whether it is off, so nothing would reach it).
 */
export const RuleChannelsField = ({
  networkId,
  sendTo,
  channelIds,
  onChange,
  error,
}: RuleChannelsFieldProps) => {
  const { data: channels, isLoading } = useGetAlertChannelsQuery(networkId);
  const errorId = useId();
  const toggle = (id: string, on: boolean) =>
    onChange({ channelIds: on ? [...channelIds, id] : channelIds.filter((chosen) => chosen !== id) });

  return (
    <div className="al-send-to">
      <RadioGroup
        legend="Send to"
        choices={SEND_TO}
        labels={SEND_TO_LABELS}
        value={sendTo}
        onChange={(value) => onChange({ sendTo: value })}
      />
      {sendTo === 'all' && (
        <p className="op-field__hint">Every channel of the network, including those added later.</p>
      )}
      {sendTo === 'chosen' && (
        <fieldset
          className="al-channel-checks"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <legend className="op-sr-only">Channels to send to</legend>
          {isLoading && <p className="net-muted">Loading channels…</p>}
          {channels?.length === 0 && (
            <p className="net-muted">This network has no alert channels yet: add one under Channels.</p>
          )}
          {channels?.map((channel) => (
            <label key={channel.id}>
              <input
                type="checkbox"
                checked={channelIds.includes(channel.id)}
                onChange={(event) => toggle(channel.id, event.target.checked)}
              />
              {channel.name}
              <span className="net-muted">
                {CHANNEL_TYPE_LABELS[channel.type]}
                {channel.enabled ? '' : ', off'}
              </span>
            </label>
          ))}
          {error && (
            <p id={errorId} className="op-field__error">
              {error}
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
};
