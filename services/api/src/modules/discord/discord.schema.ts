import { defineSchema } from '../../core/database';
import {
  DiscordGroupGrantRecord,
  DiscordGuildRecord,
  DiscordLinkCodeRecord,
  DiscordLinkRecord,
  DiscordReportMessageRecord,
  DiscordRoleRuleRecord,
} from './discord.entity';

export const discordSchema = defineSchema({
  entities: [
    DiscordGuildRecord,
    DiscordLinkRecord,
    DiscordLinkCodeRecord,
    DiscordRoleRuleRecord,
    DiscordGroupGrantRecord,
    DiscordReportMessageRecord,
  ],
});
