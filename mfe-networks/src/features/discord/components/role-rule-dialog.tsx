import { DISCORD_LIMITS, DISCORD_RULE_DIRECTIONS, type DiscordRoleRule } from '@outpost/contracts';
import { Modal, RadioGroup, SelectField, TextField } from '@outpost/ui';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../../../shared/components/form-actions';
import { errorMessage } from '../../../shared/utils/error-message';
import {
  useCreateDiscordRoleRuleMutation,
  useGetDiscordRolesQuery,
  useUpdateDiscordRoleRuleMutation,
} from '../api/discord.api';
import { DIRECTION_HINTS, DIRECTION_LABELS } from '../utils/discord-labels';
import {
  apiRuleErrors,
  checkRuleForm,
  RULE_FIELDS,
  ruleFormValues,
  usesCommands,
  type RuleFieldErrors,
  type RuleFormValues,
} from '../utils/role-rule-form';

const DIRECTION_CHOICE_LABELS = Object.fromEntries(
  DISCORD_RULE_DIRECTIONS.map((direction) => [
    direction,
    `${DIRECTION_LABELS[direction]}: ${DIRECTION_HINTS[direction].toLowerCase()}`,
  ]),
) as Record<(typeof DISCORD_RULE_DIRECTIONS)[number], string>;

export type RoleRuleDialogProps = {
  networkId: string;
  /** The rule to edit; null adds one. */
  rule: DiscordRoleRule | null;
  onClose: () => void;
};

/**
 * Add or edit a role rule: a Discord role, an in-game group, the direction and the console
 * commands. Judged by the API's own schema before it is sent; the API's answer beside each field.
 */
export const RoleRuleDialog = ({ networkId, rule, onClose }: RoleRuleDialogProps) => {
  const roles = useGetDiscordRolesQuery(networkId);
  const [create, created] = useCreateDiscordRoleRuleMutation();
  const [update, updated] = useUpdateDiscordRoleRuleMutation();
  const saving = rule ? updated : created;
  const [values, setValues] = useState<RuleFormValues>(() => ruleFormValues(rule));
  const [errors, setErrors] = useState<RuleFieldErrors>({});
  const apiErrors = apiRuleErrors(saving.error);
  const shown: RuleFieldErrors = { ...apiErrors, ...errors };
  const formError =
    saving.isError && !RULE_FIELDS.some((field) => apiErrors[field])
      ? errorMessage(saving.error, 'Failed to save the rule')
      : null;

  const change = (changes: Partial<RuleFormValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors({});
    saving.reset();
  };

  const roleOptions = [
    { value: '', label: roles.isLoading ? 'Loading roles…' : 'Choose a role' },
    ...(roles.data ?? []).map((role) => ({ value: role.id, label: role.name })),
    // The rule's role, when Discord no longer lists it (deleted, or the roles did not load).
    ...(rule && !roles.data?.some((role) => role.id === rule.roleId)
      ? [{ value: rule.roleId, label: rule.roleName }]
      : []),
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving.isLoading) return;
    const checked = checkRuleForm(values, roles.data ?? []);
    if (!checked.ok) return setErrors(checked.errors);
    try {
      if (rule) await update({ networkId, ruleId: rule.id, changes: checked.rule }).unwrap();
      else await create({ networkId, rule: checked.rule }).unwrap();
      onClose();
    } catch {
      // Shown beside the fields, or above the buttons, from the mutation's error.
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={rule ? 'Edit role rule' : 'Add role rule'}
      size="md"
      dismissible={!saving.isLoading}
    >
      <form
        className="dc-rule-form"
        aria-label="Role rule"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <SelectField
          label="Discord role"
          value={values.roleId}
          options={roleOptions}
          onChange={(roleId) => change({ roleId })}
          error={
            shown.roleId ??
            (roles.isError
              ? `Could not read the server’s roles: ${errorMessage(roles.error, 'try again')}`
              : undefined)
          }
          aria-required
        />
        <TextField
          label="In-game group"
          value={values.group}
          maxLength={DISCORD_LIMITS.group}
          onChange={(event) => change({ group: event.target.value })}
          hint="As the game’s permissions plugin names it, e.g. vip"
          error={shown.group}
          aria-required
        />
        <RadioGroup
          legend="Direction"
          choices={DISCORD_RULE_DIRECTIONS}
          labels={DIRECTION_CHOICE_LABELS}
          value={values.direction}
          onChange={(direction) => change({ direction })}
          error={shown.direction}
        />
        {usesCommands(values.direction) && (
          <>
            <TextField
              label="Add command"
              className="dc-command-field"
              value={values.addCommand}
              maxLength={DISCORD_LIMITS.template}
              onChange={(event) => change({ addCommand: event.target.value })}
              hint="Run on every server to add the player; {steamId} and {group} are filled in"
              error={shown.addCommand}
            />
            <TextField
              label="Remove command"
              className="dc-command-field"
              value={values.removeCommand}
              maxLength={DISCORD_LIMITS.template}
              onChange={(event) => change({ removeCommand: event.target.value })}
              hint="Run on every server when the player loses the role, unlinks or leaves"
              error={shown.removeCommand}
            />
          </>
        )}
        <FormActions
          error={formError}
          onCancel={onClose}
          submitLabel="Save rule"
          busyLabel="Saving…"
          busy={saving.isLoading}
        />
      </form>
    </Modal>
  );
};
