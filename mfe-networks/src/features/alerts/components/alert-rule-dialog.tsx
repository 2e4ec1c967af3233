import { ALERT_LIMITS, ALERT_RULE_KINDS, type AlertRule, type Server } from '@outpost/contracts';
import { SelectField, TextArea, TextField } from '@outpost/ui';
import { isNetworkWideKind, isThresholdKind } from '@outpost/validation';
import { useCreateAlertRuleMutation, useUpdateAlertRuleMutation } from '../api/alerts.api';
import { checkRuleForm, ruleFormValues, type RuleFormValues } from '../utils/alert-forms';
import { RULE_KIND_LABELS } from '../utils/rule-labels';
import { AlertFormDialog, useAlertForm } from './alert-form-dialog';
import { RuleChannelsField } from './rule-channels-field';

const KIND_OPTIONS = ALERT_RULE_KINDS.map((kind) => ({ value: kind, label: RULE_KIND_LABELS[kind] }));

export type AlertRuleDialogProps = {
  networkId: string;
  servers: readonly Server[];
  /** The rule to edit; null adds one. */
  rule: AlertRule | null;
  /** A new rule's server (its server's Alerts area); every server without it. */
  serverId: string | null;
  onClose: () => void;
};

/** Add or edit a rule: checked by the API's own rules first, then the API's answer beside each field. */
export const AlertRuleDialog = ({ networkId, servers, rule, serverId, onClose }: AlertRuleDialogProps) => {
  const [create, created] = useCreateAlertRuleMutation();
  const [update, updated] = useUpdateAlertRuleMutation();
  const saving = rule ? updated : created;
  const { values, change, shown, formError, setErrors } = useAlertForm<RuleFormValues>(
    () => ruleFormValues(rule, serverId),
    saving,
    ['kind', 'serverId', 'threshold', 'minutes', 'steamIds', 'channelIds'],
    'Failed to save the rule',
  );

  const submit = async () => {
    const checked = checkRuleForm(values);
    if (!checked.ok) return setErrors(checked.errors);
    try {
      // A rule's kind never changes: it is not sent.
      const { kind: _kind, ...changes } = checked.rule;
      if (rule) await update({ networkId, ruleId: rule.id, changes }).unwrap();
      else await create({ networkId, rule: { ...checked.rule, enabled: true } }).unwrap();
      onClose();
    } catch {
      // Shown beside the fields, or above the buttons, from the mutation's error.
    }
  };

  const threshold = isThresholdKind(values.kind);
  return (
    <AlertFormDialog
      title={rule ? 'Edit Alert Rule' : 'Add Alert Rule'}
      saving={saving}
      formError={formError}
      submitLabel={rule ? 'Save Rule' : 'Add Rule'}
      onClose={onClose}
      onSubmit={submit}
    >
      <SelectField
        label="Alert when"
        value={values.kind}
        options={KIND_OPTIONS}
        onChange={(kind) => change({ kind })}
        disabled={rule !== null}
        hint={rule ? 'To watch for something else, add another rule.' : undefined}
        error={shown.kind}
      />
      {!isNetworkWideKind(values.kind) && (
        <SelectField
          label="Server"
          value={values.serverId}
          options={[
            { value: '', label: 'All servers' },
            ...servers.map((server) => ({ value: server.id, label: server.name })),
          ]}
          onChange={(id) => change({ serverId: id })}
          error={shown.serverId}
        />
      )}
      {threshold && (
        <div className="al-form__row">
          <TextField
            label={values.kind === 'fps_below' ? 'FPS' : 'Players'}
            inputMode="numeric"
            value={values.threshold}
            onChange={(event) => change({ threshold: event.target.value })}
            hint={`${ALERT_LIMITS.threshold.min} to ${ALERT_LIMITS.threshold.max.toLocaleString('en')}`}
            error={shown.threshold}
            aria-required
          />
          <TextField
            label="For (minutes)"
            inputMode="numeric"
            value={values.minutes}
            onChange={(event) => change({ minutes: event.target.value })}
            hint={`${ALERT_LIMITS.minutes.min} to ${ALERT_LIMITS.minutes.max.toLocaleString('en')}`}
            error={shown.minutes}
            aria-required
          />
        </div>
      )}
      {values.kind === 'player_joins' && (
        <TextArea
          label="Watched players (Steam IDs)"
          rows={4}
          value={values.steamIds}
          onChange={(event) => change({ steamIds: event.target.value })}
          hint={`One per line, up to ${ALERT_LIMITS.watchedPlayers}. Staff can also watch a player from their profile.`}
          error={shown.steamIds}
          aria-required
        />
      )}
      <RuleChannelsField
        networkId={networkId}
        sendTo={values.sendTo}
        channelIds={values.channelIds}
        onChange={change}
        error={shown.channelIds}
      />
    </AlertFormDialog>
  );
};
