// The bodies of the Discord routes (issue 37): the tab's channel and role choices, role rules with
// their console command templates, and a link code as a player types it in game chat.
import { DISCORD_LIMITS, DISCORD_RULE_DIRECTIONS } from '@outpost/contracts';
import { z } from 'zod';
import { first, text } from './text';

const L = DISCORD_LIMITS;

export const DISCORD_MESSAGES = {
  snowflake: 'Must be a Discord id (digits)',
  steamId: 'steamId must be a SteamID64 (17 digits)',
  channel: 'Reports channel must be one of the server’s text channels, or null for none',
  role: 'Role must be one of the server’s roles',
  linkedRole: 'Linked role must be one of the server’s roles, or null for none',
  group: `Group is required: the in-game group's name (${L.group} characters or less, no spaces or quotes)`,
  direction: `Direction must be one of ${DISCORD_RULE_DIRECTIONS.join(', ')}`,
  template: `A command template is at most ${L.template} characters and names {steamId}`,
  nothingToChange: 'Send reportsChannelId or linkedRoleId',
  tooManyRules: `A network has at most ${L.roleRules} role rules`,
  notConfigured:
    'The panel’s Discord bot is not configured: the operator sets DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET, DISCORD_PUBLIC_KEY and DISCORD_BOT_TOKEN',
  notLinked: 'This network has no Discord server yet: add the bot with Add to Discord',
} as const;
const M = DISCORD_MESSAGES;

const snowflake = (error: string) => z.string({ error }).regex(/^\d{15,21}$/, { error });

/** PATCH /api/networks/{networkId}/discord. */
export const discordSettingsSchema = z
  .strictObject({
    reportsChannelId: z.union([snowflake(M.channel), z.null()], { error: M.channel }).optional(),
    linkedRoleId: z.union([snowflake(M.linkedRole), z.null()], { error: M.linkedRole }).optional(),
  })
  .refine((body) => body.reportsChannelId !== undefined || body.linkedRoleId !== undefined, {
    error: M.nothingToChange,
  });
export type DiscordSettingsBody = z.output<typeof discordSettingsSchema>;

const template = z
  .string({ error: M.template })
  .trim()
  .min(1, first(M.template))
  .max(L.template, { error: M.template })
  .refine((value) => value.includes('{steamId}') && !/[\r\n]/.test(value), { error: M.template });

/** POST /api/networks/{networkId}/discord/role-rules (PATCH: any part). */
export const discordRoleRuleSchema = z.strictObject({
  roleId: snowflake(M.role),
  roleName: z.string({ error: M.role }).trim().max(100, { error: M.role }).optional(),
  group: text(M.group)
    .trim()
    .min(1, first(M.group))
    .max(L.group, { error: M.group })
    .regex(/^[^\s"';]+$/, { error: M.group }),
  direction: z.enum(DISCORD_RULE_DIRECTIONS, { error: M.direction }),
  addCommand: template.optional(),
  removeCommand: template.optional(),
});
export type DiscordRoleRuleBody = z.output<typeof discordRoleRuleSchema>;

export const updateDiscordRoleRuleSchema = discordRoleRuleSchema
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Send at least one field to change',
  });
export type UpdateDiscordRoleRuleBody = z.output<typeof updateDiscordRoleRuleSchema>;

/** GET /api/networks/{networkId}/discord/links: ?steamId= for one player's link. */
export const discordLinksQuerySchema = z.object({
  steamId: z
    .string({ error: M.steamId })
    .regex(/^\d{17}$/, { error: M.steamId })
    .optional(),
});
export type DiscordLinksQuery = z.output<typeof discordLinksQuerySchema>;

/** A link code as a player types it after `!link`: any case, spaces or dashes between. */
export const normalizeLinkCode = (typed: string): string => typed.replace(/[\s-]+/g, '').toUpperCase();

/** The code in a chat line `!link CODE`, or null when the line is not a link command. */
export const linkCodeInChat = (message: string): string | null => {
  const found = /^\s*!link\s+([A-Za-z0-9 -]{4,40})\s*$/i.exec(message);
  return found ? normalizeLinkCode(found[1]) : null;
};
