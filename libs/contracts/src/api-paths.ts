// The product API's routes (everything the API serves under /api/ but its OpenAPI docs): one
// typed table that the web's api files build every URL with, and that services/api's
// test/api-paths.spec.ts holds equal to the routes the app really serves, both ways. A route's
// path params are URL-encoded as the web always did (encodeURIComponent); query strings stay with
// the caller (RTK Query's `params`).

import { apiRoute as route, PUBLIC_API_PATHS } from './api-route';

export * from './api-route';

/** Every route of the product API, by the name of what it does. */
export const API_PATHS = /* @__PURE__ */ (() => ({
  // The panel itself
  ...PUBLIC_API_PATHS,
  /** The tab's live stream (server-sent events). */
  getLiveStream: route('GET', '/api/live'),
  getDashboardSummary: route('GET', '/api/dashboard/summary'),
  getDashboardActivity: route('GET', '/api/dashboard/activity'),

  // The signed-in user
  checkUsername: route('POST', '/api/users/check-username'),
  getProfile: route('GET', '/api/users/me'),
  updateProfile: route('PATCH', '/api/users/me'),
  setUsername: route('PUT', '/api/users/me/username'),
  patchUsername: route('PATCH', '/api/users/me/username'),
  requestPlanUpgrade: route('POST', '/api/users/me/plan/upgrade'),
  getMySessions: route('GET', '/api/users/me/sessions'),
  endMySession: route('DELETE', '/api/users/me/sessions/:id'),

  // Networks and their members
  getNetworks: route('GET', '/api/networks'),
  createNetwork: route('POST', '/api/networks'),
  getNetwork: route('GET', '/api/networks/:id'),
  updateNetwork: route('PATCH', '/api/networks/:id'),
  deleteNetwork: route('DELETE', '/api/networks/:id'),
  getNetworkMembers: route('GET', '/api/networks/:id/members'),
  updateNetworkMember: route('PATCH', '/api/networks/:id/members/:memberId'),
  removeNetworkMember: route('DELETE', '/api/networks/:id/members/:memberId'),

  // Invites
  createInvite: route('POST', '/api/invites'),
  getNetworkInvites: route('GET', '/api/invites/network/:networkId'),
  joinNetwork: route('POST', '/api/invites/join'),
  validateInvite: route('GET', '/api/invites/validate/:code'),
  deleteInvite: route('DELETE', '/api/invites/:id'),

  // Servers
  getNetworkServers: route('GET', '/api/servers/network/:networkId'),
  createServer: route('POST', '/api/servers/network/:networkId'),
  getServer: route('GET', '/api/servers/:id'),
  updateServer: route('PATCH', '/api/servers/:id'),
  deleteServer: route('DELETE', '/api/servers/:id'),
  regenerateServerToken: route('POST', '/api/servers/:id/token'),
  getServerRcon: route('GET', '/api/servers/:id/rcon'),
  saveServerRcon: route('PUT', '/api/servers/:id/rcon'),
  deleteServerRcon: route('DELETE', '/api/servers/:id/rcon'),
  retryServerRcon: route('POST', '/api/servers/:id/rcon/retry'),
  getServerConnection: route('GET', '/api/servers/:id/connection'),
  getCommand: route('GET', '/api/servers/:id/commands/:commandId'),
  getServerMap: route('GET', '/api/servers/:id/map'),
  getMapImage: route('GET', '/api/servers/:id/map/image'),
  uploadMapImage: route('PUT', '/api/servers/:id/map/image'),
  deleteMapImage: route('DELETE', '/api/servers/:id/map/image'),
  getConsoleEntries: route('GET', '/api/servers/:id/console'),
  runConsoleCommand: route('POST', '/api/servers/:id/console'),
  getServerLogs: route('GET', '/api/servers/:id/logs'),
  getNetworkLogs: route('GET', '/api/networks/:id/logs'),
  getServerMetrics: route('GET', '/api/servers/:id/metrics'),
  getNetworkMetrics: route('GET', '/api/networks/:id/metrics'),
  getAuditLog: route('GET', '/api/networks/:id/audit'),
  exportAuditLog: route('GET', '/api/networks/:id/audit.csv'),

  // Players and moderation
  getPlayers: route('GET', '/api/players'),
  getPlayer: route('GET', '/api/players/:steamId'),
  kickPlayer: route('POST', '/api/players/:steamId/kick'),
  warnPlayer: route('POST', '/api/players/:steamId/warn'),
  banPlayer: route('POST', '/api/players/:steamId/ban'),
  unbanPlayer: route('POST', '/api/players/:steamId/unban'),
  addPlayerNote: route('POST', '/api/networks/:id/players/:steamId/notes'),
  removePlayerNote: route('DELETE', '/api/networks/:id/players/:steamId/notes/:noteId'),
  getServerPunishments: route('GET', '/api/servers/:id/punishments'),
  getNetworkPunishments: route('GET', '/api/networks/:id/punishments'),
  updatePunishment: route('PATCH', '/api/punishments/:id'),
  liftPunishment: route('POST', '/api/punishments/:id/lift'),
  importPunishments: route('POST', '/api/servers/:id/punishments/import'),
  getServerReports: route('GET', '/api/servers/:id/reports'),
  getNetworkReports: route('GET', '/api/networks/:id/reports'),
  updateReport: route('PATCH', '/api/reports/:id'),
  addReportNote: route('POST', '/api/reports/:id/notes'),
  getReportRaw: route('GET', '/api/reports/:id/raw'),
  getReportScreenshot: route('GET', '/api/reports/:id/screenshot'),
  getServerSuspicious: route('GET', '/api/servers/:id/suspicious'),
  getNetworkSuspicious: route('GET', '/api/networks/:id/suspicious'),
  getSuspiciousSettings: route('GET', '/api/networks/:id/suspicious/settings'),
  updateSuspiciousSettings: route('PUT', '/api/networks/:id/suspicious/settings'),
  dismissSuspiciousPlayer: route('POST', '/api/networks/:id/suspicious/:steamId/dismiss'),
  flagSuspiciousPlayer: route('POST', '/api/networks/:id/suspicious/:steamId/flag'),

  // Alerts
  getAlertRules: route('GET', '/api/networks/:id/alert-rules'),
  createAlertRule: route('POST', '/api/networks/:id/alert-rules'),
  updateAlertRule: route('PATCH', '/api/networks/:id/alert-rules/:ruleId'),
  deleteAlertRule: route('DELETE', '/api/networks/:id/alert-rules/:ruleId'),
  getWatchedPlayers: route('GET', '/api/networks/:id/alert-rules/watched-players'),
  watchPlayer: route('PUT', '/api/networks/:id/alert-rules/watched-players/:steamId'),
  unwatchPlayer: route('DELETE', '/api/networks/:id/alert-rules/watched-players/:steamId'),
  getAlertChannels: route('GET', '/api/networks/:id/alert-channels'),
  createAlertChannel: route('POST', '/api/networks/:id/alert-channels'),
  updateAlertChannel: route('PATCH', '/api/networks/:id/alert-channels/:channelId'),
  deleteAlertChannel: route('DELETE', '/api/networks/:id/alert-channels/:channelId'),
  testAlertChannel: route('POST', '/api/networks/:id/alert-channels/:channelId/test'),
  getAlerts: route('GET', '/api/networks/:id/alerts'),
  getAlert: route('GET', '/api/networks/:id/alerts/:alertId'),
  getAlertInbox: route('GET', '/api/alerts/inbox'),
  markAlertInboxRead: route('POST', '/api/alerts/inbox/read'),

  // Automation (Premium)
  getAutomations: route('GET', '/api/networks/:id/automations'),
  createAutomation: route('POST', '/api/networks/:id/automations'),
  getAutomation: route('GET', '/api/networks/:id/automations/:automationId'),
  updateAutomation: route('PATCH', '/api/networks/:id/automations/:automationId'),
  deleteAutomation: route('DELETE', '/api/networks/:id/automations/:automationId'),
  runAutomation: route('POST', '/api/networks/:id/automations/:automationId/run'),
  dryRunAutomation: route('POST', '/api/networks/:id/automations/:automationId/dry-run'),
  getAutomationRuns: route('GET', '/api/networks/:id/automations/:automationId/runs'),
  getAutomationTemplates: route('GET', '/api/networks/:id/automation-templates'),

  // Discord (the panel's bot in a network's guild; Discord's own calls at the end)
  getDiscordSettings: route('GET', '/api/networks/:id/discord'),
  updateDiscordSettings: route('PATCH', '/api/networks/:id/discord'),
  disconnectDiscord: route('DELETE', '/api/networks/:id/discord'),
  installDiscord: route('GET', '/api/networks/:id/discord/install'),
  getDiscordChannels: route('GET', '/api/networks/:id/discord/channels'),
  getDiscordRoles: route('GET', '/api/networks/:id/discord/roles'),
  createDiscordRoleRule: route('POST', '/api/networks/:id/discord/role-rules'),
  updateDiscordRoleRule: route('PATCH', '/api/networks/:id/discord/role-rules/:ruleId'),
  deleteDiscordRoleRule: route('DELETE', '/api/networks/:id/discord/role-rules/:ruleId'),
  syncDiscord: route('POST', '/api/networks/:id/discord/sync'),
  getDiscordLinks: route('GET', '/api/networks/:id/discord/links'),
  deleteDiscordLink: route('DELETE', '/api/networks/:id/discord/links/:steamId'),
  discordInstallCallback: route('GET', '/api/discord/install/callback'),
  discordInteractions: route('POST', '/api/discord/interactions'),

  // Game servers (the plugin protocol and the game's own ban check and F7 reports; not the web's)
  pluginHeartbeat: route('POST', '/api/plugin/v1/heartbeat'),
  pluginEvents: route('POST', '/api/plugin/v1/events'),
  pluginCommands: route('GET', '/api/plugin/v1/commands'),
  pluginCommandResult: route('POST', '/api/plugin/v1/commands/:id/result'),
  pluginAgentState: route('POST', '/api/plugin/v1/agent-state'),
  gameBanCheck: route('GET', '/api/plugin/v1/ban-check/:serverId/:signature/:steamId'),
  gameReport: route('POST', '/api/plugin/v1/reports/:serverId/:signature'),
}))();

export type ApiRouteName = keyof typeof API_PATHS;
