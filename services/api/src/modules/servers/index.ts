// The public face of the servers module: other modules import only what is exported here.
// A network's game servers, their tokens and signed URLs, and the one writer of their reported
// status and of its history (server_status_changes).
export {
  BAN_CHECK_ROUTE,
  isBanCheckSignature,
  isReportsKey,
  isReportsSignature,
  REPORTS_ROUTE,
} from './ban-check';
export { serverAt, serverParam } from './server-access';
export { serverNames } from './server-names';
export type { ServerAccess } from './server-access';
export { markSilentServersOffline, recordServerReport, silentServerIds } from './server-status';
export type { ReportedServerState, SilencedServer, StatusTransition } from './server-status';
export { deleteStatusChangesBefore, statusChangesSince } from './status-changes';
export type { StoredStatusChange } from './status-changes';
export { issueServerToken, parseServerToken } from './server-token';
export type { ServerToken } from './server-token';
export { GameServer } from './server.entity';
export type { PluginServer } from './server.entity';
export { agentOf, ServerAgents } from './server-agents';
export { ServersModule } from './servers.module';
export { ServersService } from './servers.service';
export { SteadyHeartbeats } from './steady-heartbeats';
export { serversSchema } from './servers.schema';
export { provisionServers } from './server-provisioning';
export type { ProvisionedServer } from './server-provisioning';
