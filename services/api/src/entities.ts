// Every entity the ORM knows. A module that adds an entity lists it here (discovery is explicit:
// no folder scanning, so the same list works from source in tests and from dist in production).
// Date columns are declared `type: 'Date'`: MikroORM compares those by value, while a 'datetime'
// loaded from SQLite always reads as changed and every flush would write it back, stale.
import { AppMeta } from './core/database/app-meta.entity';
import {
  AlertChannelRecord,
  AlertDeliveryRecord,
  AlertReadMark,
  AlertRecord,
  AlertRuleRecord,
} from './modules/alerts';
import { AuditEntryRecord } from './modules/audit';
import { Invite } from './modules/invites';
import { NetworkMember } from './modules/members';
import { Network } from './modules/tenancy';
import { GameServer } from './modules/servers';
import { PlayerIp, PlayerRecord, PlayerSession } from './modules/players';
import { PunishmentRecord } from './modules/punishments';
import { ReportNoteRecord, ReportRecord, ReportScreenshot } from './modules/reports';
import { CommandRecord } from './modules/commands';
import { ServerEvent } from './modules/logs';
import { ServerRcon } from './modules/rcon';
import { MagicToken, Session, UserIdentity } from './modules/identity';
import { User } from './modules/users';

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
  AlertRuleRecord,
  AlertChannelRecord,
  AlertRecord,
  AlertDeliveryRecord,
  AlertReadMark,
];
