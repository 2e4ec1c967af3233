// Every entity the ORM knows. A module that adds an entity lists it here (discovery is explicit:
// no folder scanning, so the same list works from source in tests and from dist in production).
// Date columns are declared `type: 'Date'`: MikroORM compares those by value, while a 'datetime'
// loaded from SQLite always reads as changed and every flush would write it back, stale.
import { AppMeta } from './core/database/app-meta.entity';
import { AuditEntryRecord } from './modules/audit/audit-entry.entity';
import { Invite } from './modules/invites/invite.entity';
import { NetworkMember } from './modules/members/member.entity';
import { Network } from './modules/networks/network.entity';
import { GameServer } from './modules/servers/server.entity';
import { PlayerIp, PlayerRecord, PlayerSession } from './modules/players/player.entity';
import { PunishmentRecord } from './modules/punishments/punishment.entity';
import { ReportNoteRecord, ReportRecord, ReportScreenshot } from './modules/reports/report.entity';
import { CommandRecord } from './modules/commands/command.entity';
import { ServerEvent } from './modules/plugin/server-event.entity';
import { ServerRcon } from './modules/rcon/server-rcon.entity';
import { MagicToken } from './modules/identity/magic-token.entity';
import { Session } from './modules/identity/session.entity';
import { UserIdentity } from './modules/identity/user-identity.entity';
import { User } from './modules/users/user.entity';

export const ENTITIES = [
  AppMeta,
  User,
  Session,
  MagicToken,
  UserIdentity,
  Network,
  NetworkMember,
  Invite,
  GameServer,
  AuditEntryRecord,
  PlayerRecord,
  PlayerSession,
  PlayerIp,
  PunishmentRecord,
  ReportRecord,
  ReportNoteRecord,
  ReportScreenshot,
  CommandRecord,
  ServerEvent,
  ServerRcon,
];
