// The public face of the punishments module: other modules import only what is exported here.
// Moderation: kicks, warns, bans and unbans (the player actions), where a ban holds (ban-rule.ts),
// its expiry, ban-check and the ban-list import.
export { PunishmentExpiry } from './punishment-expiry';
export { PunishmentsModule } from './punishments.module';
export { PlayerPunishmentsModule } from './player-punishments.adapter';
export { punishmentsSchema } from './punishments.schema';
export { ModerationService } from './moderation.service';
export type { ModerationInput } from './moderation.service';
export { PunishmentRecord } from './punishment.entity';
