// What the ORM knows: each module's own schema (its x.schema.ts: its entity classes, and the
// tables it keeps in raw SQL). A module that adds a table declares it there and lists its schema
// here once; it is then that table's one owner (`npm run arch`). Discovery is explicit, no folder
// scanning, so the same list works from source in tests and from dist in production.
// Date columns are declared `type: 'Date'`: MikroORM compares those by value, while a 'datetime'
// loaded from SQLite always reads as changed and every flush would write it back, stale.
import { databaseSchema, entitiesOf } from './core/database';
import { alertsSchema } from './modules/alerts';
import { auditSchema } from './modules/audit';
import { automationsSchema } from './modules/automation';
import { commandsSchema } from './modules/commands';
import { discordSchema } from './modules/discord';
import { identitySchema } from './modules/identity';
import { invitesSchema } from './modules/invites';
import { logsSchema } from './modules/logs';
import { mapSchema } from './modules/map';
import { membersSchema } from './modules/members';
import { metricsSchema } from './modules/metrics';
import { playersSchema } from './modules/players';
import { punishmentsSchema } from './modules/punishments';
import { rconSchema } from './modules/rcon';
import { remotesSchema } from './modules/remotes';
import { reportsSchema } from './modules/reports';
import { serversSchema } from './modules/servers';
import { suspiciousSchema } from './modules/suspicious';
import { tenancySchema } from './modules/tenancy';
import { usersSchema } from './modules/users';

export const SCHEMAS = [
  databaseSchema,
  usersSchema,
  identitySchema,
  tenancySchema,
  membersSchema,
  invitesSchema,
  serversSchema,
  auditSchema,
  playersSchema,
  punishmentsSchema,
  reportsSchema,
  commandsSchema,
  logsSchema,
  rconSchema,
  alertsSchema,
  metricsSchema,
  suspiciousSchema,
  mapSchema,
  automationsSchema,
  discordSchema,
  remotesSchema,
];

export const ENTITIES = entitiesOf(SCHEMAS);
