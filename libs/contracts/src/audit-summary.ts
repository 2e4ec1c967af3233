// How every audit entry reads, in one place: the Audit Log's Details column and the CSV export
// (auditDetailsText), and a line of the dashboard's Recent Activity (auditActivityText). One
// entry per action: a new action does not compile until it says how it reads. Details are read
// defensively: entries written by older versions may lack a field, and nothing is shown as JSON.

import type { AuditAction, AuditEntry } from './audit';
import {
  AUTOMATION_FIELDS,
  assigneeMove,
  automationRun,
  banPlace,
  endOf,
  fieldsOf,
  NETWORK_FIELDS,
  reportAnswered,
  roleNoun,
  scoreNote,
  SERVER_FIELDS,
  settingsMoves,
  stateMove,
} from './audit-phrases';
import {
  banLengthOf,
  changeOf,
  listOf,
  momentOf,
  quoted,
  reasonOf,
  sentences,
  serverOf,
  textOf,
  textsOf,
  wordsOf,
  type AuditSummaryContext,
} from './audit-words';

export type { AuditSummaryContext } from './audit-words';

type Words = {
  /** The Details column: what happened, in sentences. */
  details: (entry: AuditEntry, context: AuditSummaryContext) => string;
  /** Recent Activity, after the actor's name: "added the server EU Main to Rust Legends". */
  activity: (entry: AuditEntry) => string;
};

const wasRole = (e: AuditEntry): string =>
  roleNoun(e.details.role) ? `, where they were ${roleNoun(e.details.role)}` : '';

const discordAccount = (e: AuditEntry): string => {
  const name = textOf(e.details.discordName) ?? textOf(e.details.discordUserId);
  return name ? `the Discord account ${name}` : 'a Discord account';
};

/** An entry whose details say no more than its Recent Activity line. */
const alike = (phrase: (entry: AuditEntry) => string): Words => ({
  details: (e) => sentences(phrase(e)),
  activity: phrase,
});

const WORDS: Readonly<Record<AuditAction, Words>> = {
  'network.created': alike((e) => `created the network ${e.networkName}`),
  'network.updated': {
    details: (e) => {
      const fields = textsOf(e.details.fields);
      const previous = textOf(e.details.previousName);
      const renamed = fields.includes('name') && previous && previous !== e.networkName;
      const others = renamed ? fields.filter((field) => field !== 'name') : fields;
      return (
        sentences(
          renamed && `Renamed the network from ${previous} to ${e.networkName}`,
          others.length > 0 && `Changed the ${fieldsOf(others, NETWORK_FIELDS)}`,
        ) ||
        sentences(Array.isArray(e.details.fields) ? 'Saved the settings unchanged' : 'Changed the settings')
      );
    },
    activity: (e) => `updated the settings of ${e.networkName}`,
  },
  'network.deleted': alike((e) => `deleted the network ${e.networkName}`),
  'member.joined': {
    details: (e) => {
      const code = textOf(e.details.inviteCode);
      const as = roleNoun(e.details.role) ? ` as ${roleNoun(e.details.role)}` : '';
      return sentences(`Joined ${e.networkName}${as}${code ? ` with the invite ${code}` : ''}`);
    },
    activity: (e) => `joined ${e.networkName}`,
  },
  'member.roleChanged': {
    details: (e) => {
      const from = roleNoun(e.details.from);
      const to = roleNoun(e.details.to);
      return sentences(to ? `Role changed ${from ? `from ${from} ` : ''}to ${to}` : 'Changed the role');
    },
    activity: (e) =>
      roleNoun(e.details.to)
        ? `made ${e.targetName} ${roleNoun(e.details.to)} of ${e.networkName}`
        : `changed the role of ${e.targetName} in ${e.networkName}`,
  },
  'member.removed': {
    details: (e) =>
      sentences(
        e.details.left === true ? `Left the network${wasRole(e)}` : `Removed from the network${wasRole(e)}`,
      ),
    activity: (e) => `removed ${e.targetName} from ${e.networkName}`,
  },
  'invite.created': {
    details: (e, c) => {
      const uses = Number(textOf(e.details.maxUses) ?? NaN);
      const until = momentOf(e.details.expiresAt, c);
      return sentences(
        Number.isFinite(uses) && uses > 0
          ? `Can be used ${uses === 1 ? 'once' : `${uses} times`}${until ? ` until ${until}` : ''}`
          : 'Created an invite',
        roleNoun(e.details.role) && `Whoever joins with it becomes ${roleNoun(e.details.role)}`,
      );
    },
    activity: (e) => `created an invite for ${e.networkName}`,
  },
  'invite.revoked': {
    details: (e) => sentences(`The invite ${e.targetName} can no longer be used`),
    activity: (e) => `revoked an invite of ${e.networkName}`,
  },
  'server.added': alike((e) => `added the server ${e.targetName} to ${e.networkName}`),
  'server.updated': {
    details: (e) =>
      textsOf(e.details.fields).length > 0
        ? sentences(`Changed the server's ${fieldsOf(e.details.fields, SERVER_FIELDS)}`)
        : sentences(Array.isArray(e.details.fields) ? 'Saved the server unchanged' : 'Changed the server'),
    activity: (e) => `updated the server ${e.targetName} in ${e.networkName}`,
  },
  'server.deleted': alike((e) => `deleted the server ${e.targetName} from ${e.networkName}`),
  'server.tokenRotated': {
    details: (e) => sentences(`Issued a new plugin token for ${e.targetName}`, 'The old one no longer works'),
    activity: (e) => `rotated the token of ${e.targetName} in ${e.networkName}`,
  },
  'server.rconSet': {
    details: (e) =>
      sentences(`Set the RCON address and password of ${e.targetName}`, 'The panel connects to it'),
    activity: (e) => `set the RCON connection of ${e.targetName} in ${e.networkName}`,
  },
  'server.rconRemoved': {
    details: (e) =>
      sentences(`Removed the RCON connection of ${e.targetName}`, 'The panel no longer connects to it'),
    activity: (e) => `removed the RCON connection of ${e.targetName} in ${e.networkName}`,
  },
  'server.rconRetried': {
    details: (e) => sentences(`Had the panel dial the RCON of ${e.targetName} again`),
    activity: (e) => `had the panel dial the RCON of ${e.targetName} in ${e.networkName} again`,
  },
  'server.consoleCommandRun': {
    details: (e) => {
      const command = textOf(e.details.command);
      return sentences(
        command ? `Ran ${quoted(command)} in the console of ${e.targetName}` : 'Ran a console command',
      );
    },
    activity: (e) => `ran a console command on ${e.targetName} in ${e.networkName}`,
  },
  'player.kicked': {
    details: (e, c) => sentences(`Kicked from ${serverOf(e, c)}`, reasonOf(e.details), reportAnswered(e)),
    activity: (e) => `kicked ${e.targetName} in ${e.networkName}`,
  },
  'player.warned': {
    details: (e, c) => sentences(`Warned on ${serverOf(e, c)}`, reasonOf(e.details), reportAnswered(e)),
    activity: (e) => `warned ${e.targetName} in ${e.networkName}`,
  },
  'player.banned': {
    details: (e, c) =>
      sentences(
        `Banned ${'duration' in e.details ? `${banLengthOf(e.details.duration)} ` : ''}${banPlace(e, c)}`,
        reasonOf(e.details),
        reportAnswered(e),
      ),
    activity: (e) =>
      e.details.scope === 'network'
        ? `banned ${e.targetName} on all servers of ${e.networkName}`
        : `banned ${e.targetName} in ${e.networkName}`,
  },
  'player.unbanned': {
    details: (e) => sentences(`Unbanned on all servers of ${e.networkName}`, reasonOf(e.details)),
    activity: (e) => `unbanned ${e.targetName} in ${e.networkName}`,
  },
  'punishment.updated': {
    details: (e, c) => {
      const reason = changeOf(e.details.reason);
      const ends = changeOf(e.details.expiresAt);
      return (
        sentences(
          reason &&
            `Changed the ban's reason from ${quoted(textOf(reason.from) ?? '')} to ${quoted(textOf(reason.to) ?? '')}`,
          ends && `The ban now ends ${endOf(ends.to, c)} instead of ${endOf(ends.from, c)}`,
        ) || sentences('Changed the ban')
      );
    },
    activity: (e) => `changed a ban of ${e.targetName} in ${e.networkName}`,
  },
  'punishment.lifted': {
    details: (e, c) => {
      const servers = textsOf(e.details.servers).map((id) => serverOf(e, c, id));
      return sentences(
        'Lifted the ban early',
        reasonOf(e.details),
        servers.length > 0
          ? `An unban went to ${listOf(servers)}`
          : Array.isArray(e.details.servers) && 'No server needed an unban',
      );
    },
    activity: (e) => `lifted the ban of ${e.targetName} in ${e.networkName}`,
  },
  'punishments.imported': {
    details: (e, c) => sentences(`Asked ${serverOf(e, c)} for its own ban list`),
    activity: (e) => `imported the bans of ${e.targetName} in ${e.networkName}`,
  },
  'report.updated': {
    details: (e) =>
      sentences(stateMove(e.details.state), assigneeMove(e.details.assignee)) ||
      sentences('Updated the report'),
    activity: (e) => `updated ${e.targetName} in ${e.networkName}`,
  },
  'report.noteAdded': {
    details: (e) => {
      const text = textOf(e.details.text);
      return sentences(text ? `Added the note ${quoted(text)}` : 'Added a note', stateMove(e.details.state));
    },
    activity: (e) => `added a note to ${e.targetName} in ${e.networkName}`,
  },
  'player.suspicionDismissed': {
    details: (e) => scoreNote(e, 'Dismissed the suspicion'),
    activity: (e) => `dismissed the suspicion on ${e.targetName} in ${e.networkName}`,
  },
  'player.suspicionFlagged': {
    details: (e) => scoreNote(e, 'Flagged as suspicious'),
    activity: (e) => `flagged ${e.targetName} as suspicious in ${e.networkName}`,
  },
  'suspicious.settingsChanged': {
    details: (e) => {
      const moves = settingsMoves(e);
      return sentences(
        moves.length > 0
          ? `Changed ${listOf(moves)}`
          : 'to' in e.details
            ? 'Saved the weights and thresholds unchanged'
            : 'Changed the weights and thresholds',
      );
    },
    activity: (e) => `changed the suspicious-activity weights of ${e.networkName}`,
  },
  'player.noteAdded': {
    details: (e) =>
      sentences(
        textOf(e.details.text) ? `Added the note ${quoted(textOf(e.details.text)!)}` : 'Added a note',
      ),
    activity: (e) => `added a note on ${e.targetName} in ${e.networkName}`,
  },
  'player.noteRemoved': {
    details: (e) => {
      const text = textOf(e.details.text);
      const author = textOf(e.details.author);
      return sentences(
        `Removed ${text ? `the note ${quoted(text)}` : 'a note'}${author ? ` by ${author}` : ''}`,
      );
    },
    activity: (e) => `removed a note on ${e.targetName} in ${e.networkName}`,
  },
  'automation.created': {
    details: (e) => sentences(`Added the ${textOf(e.details.kind) ?? 'automation'} ${e.targetName}`),
    activity: (e) => `added the automation ${e.targetName} to ${e.networkName}`,
  },
  'automation.updated': {
    details: (e) => {
      const kind = textOf(e.details.kind) ?? 'automation';
      return textsOf(e.details.fields).length > 0
        ? sentences(`Changed the ${kind}'s ${fieldsOf(e.details.fields, AUTOMATION_FIELDS)}`)
        : sentences(Array.isArray(e.details.fields) ? `Saved the ${kind} unchanged` : `Changed the ${kind}`);
    },
    activity: (e) => `changed the automation ${e.targetName} in ${e.networkName}`,
  },
  'automation.deleted': {
    details: (e) => sentences(`Removed the ${textOf(e.details.kind) ?? 'automation'} ${e.targetName}`),
    activity: (e) => `removed the automation ${e.targetName} from ${e.networkName}`,
  },
  'automation.ran': {
    details: automationRun,
    activity: (e) => `ran in ${e.networkName}`,
  },
  'discord.connected': {
    details: (e) =>
      sentences(
        `Linked ${textOf(e.details.guildName) ? `the Discord server ${textOf(e.details.guildName)}` : 'a Discord server'} to ${e.networkName}`,
      ),
    activity: (e) =>
      textOf(e.details.guildName)
        ? `linked the Discord server ${textOf(e.details.guildName)} to ${e.networkName}`
        : `linked a Discord server to ${e.networkName}`,
  },
  'discord.disconnected': {
    details: (e) =>
      sentences(
        `Unlinked the Discord server ${textOf(e.details.guildName) ?? ''}`.trim(),
        'Its role rules were removed with it',
      ),
    activity: (e) => `unlinked the Discord server from ${e.networkName}`,
  },
  'player.discordLinked': {
    details: (e) => sentences(`Linked to ${discordAccount(e)}`),
    activity: (e) => `linked ${e.targetName}'s Discord in ${e.networkName}`,
  },
  'player.discordUnlinked': {
    details: (e) => sentences(`Removed the link to ${discordAccount(e)}`),
    activity: (e) => `removed ${e.targetName}'s Discord link in ${e.networkName}`,
  },
};

/** The Details column: "Banned for 7 days on all servers of Rust Legends. Reason: Aimbot." */
export const auditDetailsText = (entry: AuditEntry, context: AuditSummaryContext = {}): string =>
  WORDS[entry.action]?.details(entry, context) ??
  sentences(`Recorded ${wordsOf(entry.action.replace('.', ' '))}`);

/** One line of Recent Activity: "Ada added the server EU Main to Rust Legends". */
export const auditActivityText = (entry: AuditEntry): string =>
  `${entry.actorName || 'Someone'} ${WORDS[entry.action]?.activity(entry) ?? `changed ${entry.targetName} in ${entry.networkName}`}`;
