// The F7 reports inbox (issue 19, section 2): the players' in-game reports, from the plugin or the
// bridge (report events) and from the game's own server.reportsServerEndpoint. Moderators work
// them through states, assign them, keep a note thread, and punish from one.

/** new: nobody looked yet; reviewing: someone is on it; resolved / dismissed: done. */
export const REPORT_STATES = ['new', 'reviewing', 'resolved', 'dismissed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

export const REPORT_STATE_LABELS: Readonly<Record<ReportState, string>> = {
  new: 'New',
  reviewing: 'Reviewing',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

/** Where a report came from: the plugin's or bridge's report event, or the game's reports URL. */
export const REPORT_SOURCES = ['plugin', 'endpoint'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

export const REPORT_PAGE_DEFAULT = 50;
export const REPORT_PAGE_MAX = 200;
export const REPORT_NOTE_MAX_LENGTH = 2000;
/** The reports URL refuses a body larger than this (413, as every route over its limit). */
export const REPORT_PAYLOAD_MAX_BYTES = 4 * 1024 * 1024;
/** It refuses a report whose `data` is larger than this without its screenshot (400). */
export const REPORT_DATA_MAX_BYTES = 64 * 1024;
/** The raw payload kept for a person to read is cut at this size. */
export const REPORT_RAW_MAX_BYTES = 16 * 1024;
/** A screenshot larger than this (decoded) is not kept; the report says so. */
export const REPORT_SCREENSHOT_MAX_BYTES = 1024 * 1024;

export type ReportPlayer = { steamId: string; name: string | null };

export type ReportNote = {
  id: string;
  author: { id: string; name: string };
  text: string;
  createdAt: string;
};

export type ReportItem = {
  id: string;
  networkId: string;
  serverId: string | null;
  serverName: string | null;
  source: ReportSource;
  reporter: ReportPlayer | null;
  target: ReportPlayer | null;
  subject: string | null;
  message: string | null;
  /** The game's report type (e.g. cheat, abusive, name, spam), when given. */
  category: string | null;
  /** When the player sent it (the game's time when given, else when it arrived). */
  reportedAt: string;
  position: { x: number; y: number; z: number } | null;
  state: ReportState;
  assignee: { id: string; name: string } | null;
  /** The punishment issued from this report, if any. */
  punishmentId: string | null;
  /** The fields of the payload that could not be read (the raw payload is kept). */
  unparsed: string[];
  hasScreenshot: boolean;
  /** Why a sent screenshot was not kept (too large, not an image), else null. */
  screenshotNote: string | null;
  notes: ReportNote[];
};

export type ReportsResponse = {
  reports: ReportItem[];
  /** The next (older) page's `before`, null on the last page. */
  nextCursor: string | null;
  /** How many reports of this server or network are new (the badge). */
  newCount: number;
};

/** PATCH /api/reports/{id}: a state, an assignee (null unassigns), or both. */
export type UpdateReportRequest = { state?: ReportState; assigneeId?: string | null };

/** POST /api/reports/{id}/notes */
export type AddReportNoteRequest = { text: string };

/** GET /api/reports/{id}/raw: what the report's sender sent, as text (bounded), for a person to read. */
export type ReportRawResponse = { raw: string; truncated: boolean };
