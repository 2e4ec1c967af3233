import type { AuditAction, AuditEntry } from '@outpost/contracts';

const PHRASES: Record<AuditAction, (entry: AuditEntry) => string> = {
  'network.created': (e) => `created the network ${e.networkName}`,
  'network.updated': (e) => `updated the settings of ${e.networkName}`,
  'network.deleted': (e) => `deleted the network ${e.networkName}`,
  'member.joined': (e) => `joined ${e.networkName}`,
  'member.roleChanged': (e) => {
    const to = typeof e.details.to === 'string' ? e.details.to : null;
    return to
      ? `made ${e.targetName} ${to === 'admin' ? 'an admin' : `a ${to}`} of ${e.networkName}`
      : `changed the role of ${e.targetName} in ${e.networkName}`;
  },
  'member.removed': (e) => `removed ${e.targetName} from ${e.networkName}`,
  'invite.created': (e) => `created an invite for ${e.networkName}`,
  'invite.revoked': (e) => `revoked an invite of ${e.networkName}`,
  'server.added': (e) => `added the server ${e.targetName} to ${e.networkName}`,
  'server.updated': (e) => `updated the server ${e.targetName} in ${e.networkName}`,
  'server.deleted': (e) => `deleted the server ${e.targetName} from ${e.networkName}`,
  'server.tokenRotated': (e) => `rotated the token of ${e.targetName} in ${e.networkName}`,
  'server.rconSet': (e) => `set the RCON connection of ${e.targetName} in ${e.networkName}`,
  'server.rconRemoved': (e) => `removed the RCON connection of ${e.targetName} in ${e.networkName}`,
  'server.rconRetried': (e) => `had the panel dial the RCON of ${e.targetName} in ${e.networkName} again`,
  'server.consoleCommandRun': (e) => `ran a console command on ${e.targetName} in ${e.networkName}`,
  'player.kicked': (e) => `kicked ${e.targetName} in ${e.networkName}`,
  'player.warned': (e) => `warned ${e.targetName} in ${e.networkName}`,
  'player.banned': (e) => `banned ${e.targetName} in ${e.networkName}`,
  'player.unbanned': (e) => `unbanned ${e.targetName} in ${e.networkName}`,
  'punishment.updated': (e) => `changed a ban of ${e.targetName} in ${e.networkName}`,
  'punishment.lifted': (e) => `lifted the ban of ${e.targetName} in ${e.networkName}`,
  'punishments.imported': (e) => `imported the bans of ${e.targetName} in ${e.networkName}`,
  'report.updated': (e) => `updated ${e.targetName} in ${e.networkName}`,
  'report.noteAdded': (e) => `added a note to ${e.targetName} in ${e.networkName}`,
  'player.suspicionDismissed': (e) => `dismissed the suspicion on ${e.targetName} in ${e.networkName}`,
  'player.suspicionFlagged': (e) => `flagged ${e.targetName} as suspicious in ${e.networkName}`,
  'player.noteAdded': (e) => `added a note on ${e.targetName} in ${e.networkName}`,
  'player.noteRemoved': (e) => `removed a note on ${e.targetName} in ${e.networkName}`,
  'suspicious.settingsChanged': (e) => `changed the suspicious-activity weights of ${e.networkName}`,
  'automation.created': (e) => `added the automation ${e.targetName} to ${e.networkName}`,
  'automation.updated': (e) => `changed the automation ${e.targetName} in ${e.networkName}`,
  'automation.deleted': (e) => `removed the automation ${e.targetName} from ${e.networkName}`,
  'automation.ran': (e) => `ran in ${e.networkName}`,
  'discord.connected': (e) =>
    `linked the Discord server ${String(e.details.guildName ?? '')} to ${e.networkName}`.replace('  ', ' '),
  'discord.disconnected': (e) => `unlinked the Discord server from ${e.networkName}`,
  'player.discordLinked': (e) => `linked ${e.targetName}'s Discord in ${e.networkName}`,
  'player.discordUnlinked': (e) => `removed ${e.targetName}'s Discord link in ${e.networkName}`,
};

/** "Ada added the server EU Main to Rust Legends": one line of Recent Activity. */
export const describeActivity = (entry: AuditEntry): string => {
  const phrase = PHRASES[entry.action]?.(entry) ?? `${entry.action} on ${entry.targetName}`;
  return `${entry.actorName || 'Someone'} ${phrase}`;
};
