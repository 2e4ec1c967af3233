import {
  AUTOMATION_EVENTS,
  AUTOMATION_LIMITS as L,
  CHAT_CHANNELS,
  type ChatChannel,
} from '@outpost/contracts';
import { SelectField, TextField } from '@outpost/ui';
import { isPlayerEvent, type Tristate } from '../utils/automation-form';
import { EVENT_LABELS } from '../utils/automation-labels';
import { Check, type FormPartProps } from './form-parts';
import { TimeZoneField } from './time-zone-field';

const EVENT_OPTIONS = AUTOMATION_EVENTS.map((event) => ({ value: event, label: EVENT_LABELS[event] }));
const FIRST_TIME_OPTIONS: { value: Tristate; label: string }[] = [
  { value: '', label: 'Every join' },
  { value: 'true', label: 'First time on this network' },
  { value: 'false', label: 'Returning players' },
];
const CHANNEL_LABELS: Record<ChatChannel, string> = { global: 'Global chat', team: 'Team chat' };
const CHANNEL_OPTIONS: { value: ChatChannel | ''; label: string }[] = [
  { value: '', label: 'Any channel' },
  ...CHAT_CHANNELS.map((channel) => ({ value: channel, label: CHANNEL_LABELS[channel] })),
];
const WATCHED_OPTIONS: { value: Tristate; label: string }[] = [
  { value: '', label: 'Any player' },
  { value: 'true', label: 'Watched players only' },
  { value: 'false', label: 'Players not watched' },
];
const LINKED_OPTIONS: { value: Tristate; label: string }[] = [
  { value: '', label: 'Linked or not' },
  { value: 'true', label: 'Players who linked their Discord' },
  { value: 'false', label: 'Players who did not link their Discord' },
];
const DIRECTION_OPTIONS = [
  { value: 'above' as const, label: 'Goes above' },
  { value: 'below' as const, label: 'Goes below' },
];

const range = ({ min, max }: { min: number; max: number }) => `${min} to ${max.toLocaleString('en')}`;

/** The event's own filters: what of it sets the automation off. */
const EventFilters = ({ values, change, errors }: FormPartProps) => {
  switch (values.event) {
    case 'player.joined':
      return (
        <div className="au-form__row">
          <SelectField
            label="Which joins"
            value={values.firstTime}
            options={FIRST_TIME_OPTIONS}
            onChange={(firstTime) => change({ firstTime })}
            error={errors['trigger.firstTime']}
          />
          <TextField
            label="Name matches"
            className="au-mono"
            value={values.namePattern}
            spellCheck={false}
            onChange={(event) => change({ namePattern: event.target.value })}
            hint="Optional: a regular expression the player's name matches, e.g. (?:admin|owner)"
            error={errors['trigger.namePattern']}
          />
        </div>
      );
    case 'chat.message':
      return (
        <div className="au-form__row">
          <TextField
            label="Message matches"
            className="au-mono"
            value={values.pattern}
            spellCheck={false}
            onChange={(event) => change({ pattern: event.target.value })}
            hint="A regular expression, e.g. ^!discord\b. Its groups are {match.1}, {match.2}…"
            error={errors['trigger.pattern']}
            aria-required
          />
          <SelectField
            label="Channel"
            value={values.channel}
            options={CHANNEL_OPTIONS}
            onChange={(channel) => change({ channel })}
            error={errors['trigger.channel']}
          />
        </div>
      );
    case 'report.received':
      return (
        <div className="au-form__row">
          <TextField
            label="Category"
            value={values.category}
            onChange={(event) => change({ category: event.target.value })}
            hint="Optional: only reports of this category (e.g. cheat)"
            error={errors['trigger.category']}
          />
          <TextField
            label="Reports on one player"
            inputMode="numeric"
            value={values.count}
            onChange={(event) => change({ count: event.target.value })}
            hint={`Optional: ${range(L.reportCount)}; empty for every report`}
            error={errors['trigger.count']}
          />
          <TextField
            label="Within (minutes)"
            inputMode="numeric"
            value={values.windowMinutes}
            onChange={(event) => change({ windowMinutes: event.target.value })}
            hint={range(L.windowMinutes)}
            error={errors['trigger.windowMinutes']}
          />
        </div>
      );
    case 'suspicious.score':
      return (
        <TextField
          label="Score threshold"
          inputMode="numeric"
          value={values.threshold}
          onChange={(event) => change({ threshold: event.target.value })}
          hint={range(L.suspiciousThreshold)}
          error={errors['trigger.threshold']}
          aria-required
        />
      );
    case 'players.count':
      return (
        <div className="au-form__row">
          <SelectField
            label="The player count"
            value={values.countDirection}
            options={DIRECTION_OPTIONS}
            onChange={(countDirection) => change({ countDirection })}
          />
          <TextField
            label="Players"
            inputMode="numeric"
            value={values.playerCount}
            onChange={(event) => change({ playerCount: event.target.value })}
            hint={range(L.playerCount)}
            error={errors['trigger.above'] ?? errors['trigger.below']}
            aria-required
          />
        </div>
      );
    default:
      return null;
  }
};

/** A trigger: the event with its filters, then the conditions every trigger may add. */
export const TriggerFields = (props: FormPartProps) => {
  const { values, change, errors } = props;
  return (
    <div className="au-form__group">
      <SelectField
        label="When"
        value={values.event}
        options={EVENT_OPTIONS}
        onChange={(event) => change({ event })}
        error={errors['trigger.event'] ?? errors.trigger}
      />
      <EventFilters {...props} />
      <fieldset className="au-form__group au-fieldset">
        <legend className="op-field__label">Conditions</legend>
        <Check
          label="Only between certain times"
          checked={values.between}
          onChange={(between) => change({ between })}
        />
        {values.between && (
          <div className="au-form__row">
            <TextField
              label="From"
              type="time"
              value={values.betweenFrom}
              onChange={(event) => change({ betweenFrom: event.target.value })}
            />
            <TextField
              label="To"
              type="time"
              value={values.betweenTo}
              onChange={(event) => change({ betweenTo: event.target.value })}
              hint="Before From: the window spans midnight."
            />
            <TimeZoneField
              label="Window's time zone"
              value={values.betweenTimezone}
              onChange={(betweenTimezone) => change({ betweenTimezone })}
            />
          </div>
        )}
        {errors['trigger.between'] && <p className="op-field__error">{errors['trigger.between']}</p>}
        {isPlayerEvent(values.event) && (
          <SelectField
            label="Which players"
            value={values.watched}
            options={WATCHED_OPTIONS}
            onChange={(watched) => change({ watched })}
            hint="The network's watch list is kept in Alerts."
            error={errors['trigger.watched']}
          />
        )}
        {isPlayerEvent(values.event) && (
          <SelectField
            label="Discord link"
            value={values.linked}
            options={LINKED_OPTIONS}
            onChange={(linked) => change({ linked })}
            hint="Players link their Discord with /link on the network's Discord server."
            error={errors['trigger.linked']}
          />
        )}
      </fieldset>
    </div>
  );
};
