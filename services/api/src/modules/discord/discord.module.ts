import { Module } from '@nestjs/common';
import { AccessModule } from '../../core/access';
import { RateLimiter } from '../../core/rate-limit';
import { SecretBox } from '../../core/secrets';
import { CommandsModule } from '../commands';
import { PunishmentsModule } from '../punishments';
import { ReportsModule } from '../reports';
import { DiscordController, DiscordPublicController } from './discord.controller';
import { DiscordGuilds } from './discord-guilds';
import { DiscordInteractions } from './discord-interactions';
import { DiscordLinks } from './discord-links';
import { DiscordPeople } from './discord-people';
import { DiscordReports } from './discord-reports';
import { DiscordRest } from './discord-rest';
import { DiscordSync } from './discord-sync';

/**
 * Discord: the panel's one application as a bot in each network's guild, over Discord's HTTP
 * interactions and REST (no gateway: any instance answers, behind a load balancer). Slash commands,
 * Steam ↔ Discord links by a code typed in game chat, roles kept in step with in-game groups, and
 * F7 reports posted with buttons (discord_* tables, written only here).
 */
@Module({
  imports: [AccessModule, CommandsModule, PunishmentsModule, ReportsModule],
  controllers: [DiscordController, DiscordPublicController],
  providers: [
    DiscordRest,
    DiscordPeople,
    DiscordGuilds,
    DiscordLinks,
    DiscordSync,
    DiscordReports,
    DiscordInteractions,
    RateLimiter,
    SecretBox,
  ],
  exports: [DiscordReports],
})
export class DiscordModule {}
