// The role rule dialog's values and the request they make, judged by @outpost/validation's
// discordRoleRuleSchema before anything is sent: the API's own words beside each field, and its
// 400 details land beside the same fields.
import {
  DISCORD_DEFAULT_ADD_TEMPLATE,
  DISCORD_DEFAULT_REMOVE_TEMPLATE,
  type ApiErrorDetail,
  type DiscordChoice,
  type DiscordRoleRule,
  type DiscordRoleRuleInput,
  type DiscordRuleDirection,
} from '@outpost/contracts';
import { discordRoleRuleSchema, messagesByField, requestErrors } from '@outpost/validation';

export type RuleFormValues = {
  roleId: string;
  group: string;
  direction: DiscordRuleDirection;
  addCommand: string;
  removeCommand: string;
};

export type RuleField = keyof RuleFormValues;
export type RuleFieldErrors = Partial<Record<string, string>>;

/** The fields a message can stand beside; any other refusal (403, 409…) shows above the buttons. */
export const RULE_FIELDS: readonly RuleField[] = [
  'roleId',
  'group',
  'direction',
  'addCommand',
  'removeCommand',
];

/** An existing rule's values, or a new rule's: Discord → game with the default commands. */
export const ruleFormValues = (rule: DiscordRoleRule | null): RuleFormValues => ({
  roleId: rule?.roleId ?? '',
  group: rule?.group ?? '',
  direction: rule?.direction ?? 'to_game',
  addCommand: rule?.addCommand ?? DISCORD_DEFAULT_ADD_TEMPLATE,
  removeCommand: rule?.removeCommand ?? DISCORD_DEFAULT_REMOVE_TEMPLATE,
});

/** Whether the rule runs console commands: only when Discord's role gives the in-game group. */
export const usesCommands = (direction: DiscordRuleDirection): boolean => direction !== 'to_discord';

const ruleBody = (values: RuleFormValues, roles: readonly DiscordChoice[]): Record<string, unknown> => {
  const roleName = roles.find((role) => role.id === values.roleId)?.name;
  return {
    roleId: values.roleId,
    ...(roleName ? { roleName } : {}),
    group: values.group,
    direction: values.direction,
    ...(usesCommands(values.direction)
      ? { addCommand: values.addCommand, removeCommand: values.removeCommand }
      : {}),
  };
};

/** Each field's first message, beside its control. */
export const ruleFieldErrors = (details: readonly ApiErrorDetail[]): RuleFieldErrors =>
  messagesByField(details, 1);

/** The request for the API, or the fields that are wrong, in the words the API would use. */
export const checkRuleForm = (
  values: RuleFormValues,
  roles: readonly DiscordChoice[],
): { ok: true; rule: DiscordRoleRuleInput } | { ok: false; errors: RuleFieldErrors } => {
  const body = ruleBody(values, roles);
  const errors = ruleFieldErrors(requestErrors(discordRoleRuleSchema, body));
  // The body passed the API's own schema, so it is a DiscordRoleRuleInput.
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, rule: body as DiscordRoleRuleInput };
};

/** The API's 400 details by field. */
export const apiRuleErrors = (error: unknown): RuleFieldErrors =>
  ruleFieldErrors((error as { details?: ApiErrorDetail[] } | undefined)?.details ?? []);
