// Every message a person can see from validation. Spec section 5 fixes the server name, network
// name, description and address wording; the rest follows the same voice.
import {
  AUDIT_ACTIONS,
  AUDIT_MAX_PAGE_SIZE,
  CONSOLE_COMMAND_MAX_LENGTH,
  CONSOLE_PAGE_MAX,
  DASHBOARD_ACTIVITY_MAX,
  GRADIENT_DIRECTIONS,
  INVITE_MAX_USES,
  INVITE_ROLES,
  LIMITS,
  LOG_PAGE_MAX,
  LOG_TYPES,
  PLAYER_SORT_COLUMNS,
  PLAYERS_MAX_PAGE_SIZE,
} from '@outpost/contracts';

/** Longest RCON host (a DNS name is at most 253) and password the panel keeps. */
export const RCON_LIMITS = { host: 255, password: 128 } as const;

export const MESSAGES = {
  serverNameRequired: 'Server name is required',
  serverNameTooLong: `Server name must be less than ${LIMITS.serverName} characters`,
  serverNameInvalidChars:
    'Server name contains invalid characters. Use only letters, numbers, spaces, and basic punctuation.',
  /** Shown when a server name fails without a more precise message. */
  serverNameFallback: 'Invalid server name',

  networkNameRequired: 'Network name is required',
  networkNameTooLong: `Network name must be ${LIMITS.networkName} characters or less`,
  networkNameInvalidChars: 'Network name contains invalid characters',
  networkNameInvalid: 'Network name must be text',

  descriptionTooLong: `Description must be ${LIMITS.description} characters or less`,
  descriptionInvalidChars: 'Description contains invalid characters',
  descriptionInvalid: 'Description must be text',

  addressRequired: 'Connection address is required',
  addressTooLong: `Connection address must be ${LIMITS.address} characters or less`,
  addressFormat: 'Connection address must be in the format IP:PORT or DOMAIN:PORT',

  inviteCodeRequired: 'Invite code is required',
  /** Spec section 8's wording for a code that does not work. */
  inviteCodeInvalid: 'Invalid invite code. Please check and try again.',

  gradientColor: 'Gradient colours must be hex colours such as #3b82f6',
  gradientDirection: `Gradient direction must be one of ${GRADIENT_DIRECTIONS.join(', ')}`,
  gradientInvalid: 'Gradient must have from, to and direction',

  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be 20 characters or less',
  usernameInvalidChars: 'Username can only contain letters, numbers and underscores',
  usernameReserved: 'This username is reserved',

  emailInvalid: 'Enter a valid e-mail address',

  networkIdRequired: 'Network is required',
  /** A player's profile names its network in the query. */
  profileNetworkIdRequired: 'networkId is required',
  serverIdRequired: 'Server is required',
  maxUses: `Uses must be a whole number from 1 to ${INVITE_MAX_USES}`,
  expiresInHours: 'Expiry must be a whole number of hours from 1 to 8760',
  inviteSourceInvalid: 'Invite source must be text of 50 characters or less',
  role: 'Role must be admin, moderator or member',
  /** Admins are made by hand, on the Members tab, never by a code passed around. */
  inviteRole: `An invite's role must be ${INVITE_ROLES.join(' or ')}`,
  notifications: 'Notification settings must be true or false',
  page: 'Page must be a whole number of 1 or more',
  limit: `Limit must be a whole number from 1 to ${PLAYERS_MAX_PAGE_SIZE}`,
  auditLimit: `Limit must be a whole number from 1 to ${AUDIT_MAX_PAGE_SIZE}`,
  auditAction: `Action must be one of ${AUDIT_ACTIONS.join(', ')}, or a comma-separated list of them`,
  auditServerId: 'Server must be the id of a server',
  auditActorId: 'Actor must be the id of a user',
  auditFrom: 'From must be an ISO date and time',
  auditTo: 'To must be an ISO date and time',
  auditRange: 'From must not be after To',
  auditCursor: 'Cursor must be the nextCursor of a previous page',
  auditCursorWithPage: 'Send either page or cursor, not both',
  activityLimit: `Limit must be a whole number from 1 to ${DASHBOARD_ACTIVITY_MAX}`,
  sortBy: `Sort column must be one of ${PLAYER_SORT_COLUMNS.join(', ')}`,
  sortOrder: 'Sort order must be asc or desc',
  searchTooLong: 'Search must be 100 characters or less',
  reasonTooLong: 'Reason must be 500 characters or less',
  /** An unban says why: the reason goes to every server that held the ban and into the audit log. */
  unbanReasonRequired: 'Reason is required to unban a player',
  /** A ban lifted early says why too: the reason goes with its unbans and into the audit log. */
  liftReasonRequired: 'Reason is required to lift a punishment',
  duration: 'Duration must be empty for a permanent ban, or like 30m, 12h, 7d or 2w',
  /** The ban dialog asks for both: none is preselected (a click never bans for ever, everywhere). */
  banDurationRequired: 'Choose how long the ban lasts',
  banScopeRequired: 'Choose where the ban holds',
  reportId: 'Report must be the id of a report of this network',
  profileNameInvalid: 'Name must be text of 1 to 100 characters',
  avatarInvalid: 'Avatar must be an http(s) URL of 2048 characters or less',
  profileNothingToChange: 'Send at least one of name, avatar or username',
  rconHostRequired: 'RCON host is required',
  rconHostTooLong: `RCON host must be ${RCON_LIMITS.host} characters or less`,
  rconHostInvalid: 'RCON host must be a hostname or an IP address',
  rconPort: 'RCON port must be a whole number from 1 to 65535',
  rconPasswordRequired: 'RCON password is required',
  rconPasswordTooLong: `RCON password must be ${RCON_LIMITS.password} characters or less`,
  rconPasswordInvalid: 'RCON password must be text without NUL characters',
  consoleCommandRequired: 'Command is required',
  consoleCommandTooLong: `Command must be ${CONSOLE_COMMAND_MAX_LENGTH} characters or less`,
  consoleCommandOneLine: 'Command must be one line, without line breaks or NUL characters',
  consoleBefore: 'Before must be an ISO date and time',
  consoleLimit: `Limit must be a whole number from 1 to ${CONSOLE_PAGE_MAX}`,
  logsTypes: `Types must be a comma-separated list of ${LOG_TYPES.join(', ')}`,
  logsFrom: 'From must be an ISO date and time',
  logsTo: 'To must be an ISO date and time',
  logsRange: 'From must not be after To',
  logsCursor: 'Before must be the cursor of a previous page',
  logsLimit: `Limit must be a whole number from 1 to ${LOG_PAGE_MAX}`,
  unknownField: (field: string) => `Unknown field "${field}"`,
} as const;
