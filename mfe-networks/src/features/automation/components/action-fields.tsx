import {
  AUTOMATION_ACTION_TYPES,
  AUTOMATION_LIMITS as L,
  AUTOMATION_VARIABLES,
  type AutomationActionType,
  type BanScopeChoice,
} from '@outpost/contracts';
import { Button, SelectField, TextArea, TextField } from '@outpost/ui';
import { useGetAlertChannelsQuery } from '../../../shared/api/alert-channels.api';
import {
  ACTION_TEXT_FIELDS,
  newAction,
  type ActionFormValues,
  type FieldErrors,
} from '../utils/automation-form';
import { ACTION_TYPE_LABELS } from '../utils/automation-labels';
import { Check, type FormPartProps } from './form-parts';

const TYPE_OPTIONS = AUTOMATION_ACTION_TYPES.map((type) => ({
  value: type,
  label: ACTION_TYPE_LABELS[type],
}));
const SCOPE_OPTIONS: { value: BanScopeChoice; label: string }[] = [
  { value: 'server', label: 'The server it happened on' },
  { value: 'network', label: 'Every server of the network' },
];
/** The label of each type's text field. */
const TEXT_LABELS: Record<AutomationActionType, string> = {
  console: 'Command',
  broadcast: 'Message',
  kick: 'Reason',
  warn: 'Message',
  ban: 'Reason',
  alert: 'Message (optional)',
  discord: 'Message',
  note: 'Note',
};

type ChannelsFieldProps = {
  networkId: string;
  chosen: readonly string[];
  onChange: (channelIds: string[]) => void;
  error?: string;
};

/** The alert channels an "alert" action sends to, as checkboxes. */
const ChannelsField = ({ networkId, chosen, onChange, error }: ChannelsFieldProps) => {
  const { data: channels, isLoading } = useGetAlertChannelsQuery(networkId);
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen, id] : chosen.filter((channelId) => channelId !== id));
  return (
    <fieldset className="au-fieldset">
      <legend className="op-field__label">Alert channels</legend>
      {isLoading && <p className="net-muted">Loading channels…</p>}
      {channels?.length === 0 && (
        <p className="net-muted">This network has no alert channels: add one in Alerts.</p>
      )}
      {channels?.map((channel) => (
        <Check
          key={channel.id}
          label={channel.name}
          checked={chosen.includes(channel.id)}
          onChange={(on) => toggle(channel.id, on)}
        />
      ))}
      {error && <p className="op-field__error">{error}</p>}
    </fieldset>
  );
};

type ActionItemProps = {
  networkId: string;
  action: ActionFormValues;
  index: number;
  count: number;
  errors: FieldErrors;
  onChange: (changes: Partial<ActionFormValues>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

const ActionItem = ({
  networkId,
  action,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: ActionItemProps) => {
  const at = (field: string) => errors[`actions.${index}.${field}`];
  const title = `Action ${index + 1}`;
  const textProps = {
    label: TEXT_LABELS[action.type],
    value: action.text,
    error: at(ACTION_TEXT_FIELDS[action.type]),
    'aria-required': action.type !== 'alert',
  };
  return (
    <li className="au-action" aria-label={title}>
      <div className="au-action__head">
        <strong>{title}</strong>
        <div className="au-action__moves">
          <Button size="sm" variant="ghost" disabled={index === 0} onClick={() => onMove(-1)}>
            Move up
          </Button>
          <Button size="sm" variant="ghost" disabled={index === count - 1} onClick={() => onMove(1)}>
            Move down
          </Button>
          <Button size="sm" variant="ghost" disabled={count === 1} onClick={onRemove}>
            Remove
          </Button>
        </div>
      </div>
      <SelectField
        label="Type"
        value={action.type}
        options={TYPE_OPTIONS}
        onChange={(type) => onChange({ type })}
        error={at('type')}
      />
      {action.type === 'console' ? (
        <TextField
          {...textProps}
          className="au-mono"
          spellCheck={false}
          onChange={(event) => onChange({ text: event.target.value })}
        />
      ) : (
        <TextArea {...textProps} rows={2} onChange={(event) => onChange({ text: event.target.value })} />
      )}
      {action.type === 'ban' && (
        <div className="au-form__row">
          <TextField
            label="Duration (minutes)"
            inputMode="numeric"
            value={action.durationMinutes}
            onChange={(event) => onChange({ durationMinutes: event.target.value })}
            hint="Empty for a permanent ban."
            error={at('durationMinutes')}
          />
          <SelectField
            label="Scope"
            value={action.scope}
            options={SCOPE_OPTIONS}
            onChange={(scope) => onChange({ scope })}
            error={at('scope')}
          />
        </div>
      )}
      {action.type === 'alert' && (
        <ChannelsField
          networkId={networkId}
          chosen={action.channelIds}
          onChange={(channelIds) => onChange({ channelIds })}
          error={at('channelIds')}
        />
      )}
      <div className="au-form__row">
        <TextField
          label="Delay (seconds)"
          inputMode="numeric"
          value={action.delaySeconds}
          onChange={(event) => onChange({ delaySeconds: event.target.value })}
          hint={`${L.delaySeconds.min} to ${L.delaySeconds.max}, after the action before it (or the start)`}
          error={at('delaySeconds')}
        />
        <Check
          label="Continue if this fails"
          checked={action.continueOnFailure}
          onChange={(continueOnFailure) => onChange({ continueOnFailure })}
        />
      </div>
    </li>
  );
};

/** The actions, run in order: add, remove, move, each with its fields; the variables text may use. */
export const ActionFields = ({
  networkId,
  values,
  change,
  errors,
}: FormPartProps & { networkId: string }) => {
  const actions = values.actions;
  const update = (index: number, changes: Partial<ActionFormValues>) =>
    change({ actions: actions.map((action, at) => (at === index ? { ...action, ...changes } : action)) });
  const move = (index: number, by: -1 | 1) => {
    const next = [...actions];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    change({ actions: next });
  };
  return (
    <fieldset className="au-form__group au-fieldset">
      <legend className="op-field__label">Actions</legend>
      <p className="net-muted">
        Run in order, each after its delay. A failed one stops the rest unless it may continue.
      </p>
      <ol className="au-actions" aria-label="Actions">
        {actions.map((action, index) => (
          <ActionItem
            key={action.key}
            networkId={networkId}
            action={action}
            index={index}
            count={actions.length}
            errors={errors}
            onChange={(changes) => update(index, changes)}
            onMove={(by) => move(index, by)}
            onRemove={() => change({ actions: actions.filter((_, at) => at !== index) })}
          />
        ))}
      </ol>
      {errors.actions && <p className="op-field__error">{errors.actions}</p>}
      <div>
        <Button
          size="sm"
          variant="secondary"
          disabled={actions.length >= L.actions}
          onClick={() => change({ actions: [...actions, newAction()] })}
        >
          Add action
        </Button>
      </div>
      <details className="au-variables">
        <summary>Variables for the text</summary>
        <dl>
          {Object.entries(AUTOMATION_VARIABLES).map(([name, meaning]) => (
            <div key={name}>
              <dt>
                <code>{name}</code>
              </dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
      </details>
    </fieldset>
  );
};
