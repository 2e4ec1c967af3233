// The public face of the discord module: other modules import only what is exported here.
// The panel's Discord bot: guild install, slash commands, player links, role sync, report messages.
export { DiscordModule } from './discord.module';
export { discordSchema } from './discord.schema';
export { linkedSteamIdsOf } from './discord-links';
export { DiscordReports } from './discord-reports';
