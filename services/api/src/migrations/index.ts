// Every migration, oldest first. The name is what the migrations table records: never rename or
// reorder a migration that has shipped; add a new one at the end instead.
import type { MigrationObject } from '@mikro-orm/core';
import { Foundation20261122170000 } from './20261122170000-foundation';
import { UsersLastSeen20261122170100 } from './20261122170100-users-last-seen';
import { Identity20261123100000 } from './20261123100000-identity';
import { Networks20261123110000 } from './20261123110000-networks';
import { Players20261123120000 } from './20261123120000-players';
import { PlayersSearch20261123130000 } from './20261123130000-players-search';
import { OpenSessions20261123140000 } from './20261123140000-open-sessions';
import { NetworkPlayerCount20261123150000 } from './20261123150000-network-player-count';
import { PlayersSortTieBreak20261123160000 } from './20261123160000-players-sort-tie-break';
import { PlayersNamePrefix20261124100000 } from './20261124100000-players-name-prefix';
import { Commands20261125100000 } from './20261125100000-commands';
import { ServerRcon20261125110000 } from './20261125110000-server-rcon';
import { UsernameCase20261125120000 } from './20261125120000-username-case';
import { OpenSessionUnique20261125130000 } from './20261125130000-open-session-unique';
import { ServerEventsSearch20261126100000 } from './20261126100000-server-events-search';
import { PunishmentsScope20261127100000 } from './20261127100000-punishments-scope';
import { Reports20261128100000 } from './20261128100000-reports';
import { MembersInvitedBy20261128110000 } from './20261128110000-members-invited-by';
import { ServerAgent20261128120000 } from './20261128120000-server-agent';
import { ServerRconOwner20261129120000 } from './20261129120000-server-rcon-owner';
import { Metrics20261130100000 } from './20261130100000-metrics';
import { Alerts20261130120000 } from './20261130120000-alerts';
import { Map20261201110000 } from './20261201110000-map';
import { Automation20261202100000 } from './20261202100000-automation';
import { Discord20261203100000 } from './20261203100000-discord';
import { Suspicious20261201100000 } from './20261201100000-suspicious';

export const MIGRATIONS: MigrationObject[] = [
  { name: '20261122170000-foundation', class: Foundation20261122170000 },
  { name: '20261122170100-users-last-seen', class: UsersLastSeen20261122170100 },
  { name: '20261123100000-identity', class: Identity20261123100000 },
  { name: '20261123110000-networks', class: Networks20261123110000 },
  { name: '20261123120000-players', class: Players20261123120000 },
  { name: '20261123130000-players-search', class: PlayersSearch20261123130000 },
  { name: '20261123140000-open-sessions', class: OpenSessions20261123140000 },
  { name: '20261123150000-network-player-count', class: NetworkPlayerCount20261123150000 },
  { name: '20261123160000-players-sort-tie-break', class: PlayersSortTieBreak20261123160000 },
  { name: '20261124100000-players-name-prefix', class: PlayersNamePrefix20261124100000 },
  { name: '20261125100000-commands', class: Commands20261125100000 },
  { name: '20261125110000-server-rcon', class: ServerRcon20261125110000 },
  { name: '20261125120000-username-case', class: UsernameCase20261125120000 },
  { name: '20261125130000-open-session-unique', class: OpenSessionUnique20261125130000 },
  { name: '20261126100000-server-events-search', class: ServerEventsSearch20261126100000 },
  { name: '20261127100000-punishments-scope', class: PunishmentsScope20261127100000 },
  { name: '20261128100000-reports', class: Reports20261128100000 },
  { name: '20261128110000-members-invited-by', class: MembersInvitedBy20261128110000 },
  { name: '20261128120000-server-agent', class: ServerAgent20261128120000 },
  { name: '20261129120000-server-rcon-owner', class: ServerRconOwner20261129120000 },
  { name: '20261130100000-metrics', class: Metrics20261130100000 },
  { name: '20261130120000-alerts', class: Alerts20261130120000 },
  { name: '20261201100000-suspicious', class: Suspicious20261201100000 },
  { name: '20261201110000-map', class: Map20261201110000 },
  { name: '20261202100000-automation', class: Automation20261202100000 },
  { name: '20261203100000-discord', class: Discord20261203100000 },
];
