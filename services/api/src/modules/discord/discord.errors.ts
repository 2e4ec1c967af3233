import { DISCORD_MESSAGES } from '@outpost/validation';
import { errorsOf } from '../../core/http';

export const DISCORD_ERRORS = {
  notConfigured: { code: 'CONFLICT', message: DISCORD_MESSAGES.notConfigured },
  notLinked: { code: 'CONFLICT', message: DISCORD_MESSAGES.notLinked },
  guildTaken: {
    code: 'CONFLICT',
    message: 'That Discord server is already linked to another network: disconnect it there first',
  },
  badState: {
    code: 'VALIDATION_FAILED',
    field: 'state',
    message: 'The Discord install link is not valid or has expired: start again with Add to Discord',
  },
  installFailed: {
    code: 'VALIDATION_FAILED',
    field: 'code',
    message: (why: string) => `Discord did not confirm the install: ${why}`,
  },
  ruleNotFound: { code: 'NOT_FOUND', message: 'Role rule not found' },
  linkNotFound: { code: 'NOT_FOUND', message: 'This player has no Discord link' },
  tooManyRules: { code: 'CONFLICT', message: DISCORD_MESSAGES.tooManyRules },
  unknownChannel: { code: 'VALIDATION_FAILED', field: 'reportsChannelId', message: DISCORD_MESSAGES.channel },
  unknownRole: { code: 'VALIDATION_FAILED', field: 'linkedRoleId', message: DISCORD_MESSAGES.linkedRole },
  unknownRuleRole: { code: 'VALIDATION_FAILED', field: 'roleId', message: DISCORD_MESSAGES.role },
  discordFailed: { code: 'CONFLICT', message: (why: string) => why },
  tooManyCodes: { code: 'RATE_LIMITED', message: 'Too many wrong link codes: try again in 10 minutes' },
  badSignature: { code: 'UNAUTHORIZED', message: 'invalid request signature' },
} as const;

export const discordErrors = errorsOf(DISCORD_ERRORS);
