import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { ReportSource, ReportState } from '@outpost/contracts';
import { randomUUID } from 'node:crypto';
import { JsonTextType } from '../../core/database';

export type ReportPosition = { x: number; y: number; z: number };

/**
 * A player's F7 report: from a plugin or bridge report event (`eventId`, its Logs line) or from the
 * game's reports URL (`raw` keeps what was sent, bounded). What could not be read is listed in
 * `unparsed`; nothing is dropped.
 */
@Entity({ tableName: 'reports' })
export class ReportRecord {
  [OptionalProps]?:
    | 'id'
    | 'serverId'
    | 'eventId'
    | 'reporterSteamId'
    | 'reporterName'
    | 'targetSteamId'
    | 'targetName'
    | 'subject'
    | 'message'
    | 'category'
    | 'position'
    | 'state'
    | 'assigneeId'
    | 'punishmentId'
    | 'unparsed'
    | 'raw'
    | 'rawTruncated'
    | 'screenshotNote'
    | 'hasScreenshot';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  /** Null once the server is deleted. */
  @Property({ type: 'string', length: 36, nullable: true })
  serverId: string | null = null;

  @Property({ type: 'string', length: 16 })
  source!: ReportSource;

  @Property({ type: 'string', length: 36, nullable: true })
  eventId: string | null = null;

  @Property({ type: 'string', length: 32, nullable: true })
  reporterSteamId: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  reporterName: string | null = null;

  @Property({ type: 'string', length: 32, nullable: true })
  targetSteamId: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  targetName: string | null = null;

  @Property({ type: 'string', length: 200, nullable: true })
  subject: string | null = null;

  @Property({ type: 'text', nullable: true })
  message: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  category: string | null = null;

  @Property({ type: JsonTextType, columnType: 'text', nullable: true })
  position: ReportPosition | null = null;

  @Property({ type: 'Date' })
  reportedAt!: Date;

  @Property({ type: 'Date' })
  receivedAt!: Date;

  @Property({ type: 'string', length: 16 })
  state: ReportState = 'new';

  @Property({ type: 'string', length: 64, nullable: true })
  assigneeId: string | null = null;

  @Property({ type: 'string', length: 36, nullable: true })
  punishmentId: string | null = null;

  @Property({ type: JsonTextType, columnType: 'text' })
  unparsed: string[] = [];

  /** The payload as sent (the screenshot left out), at most REPORT_RAW_MAX_BYTES. */
  @Property({ type: 'text', nullable: true, lazy: true })
  raw: string | null = null;

  @Property({ type: 'boolean' })
  rawTruncated = false;

  @Property({ type: 'string', length: 200, nullable: true })
  screenshotNote: string | null = null;

  @Property({ type: 'boolean' })
  hasScreenshot = false;
}

/** One note of a report's thread (append-only). */
@Entity({ tableName: 'report_notes' })
export class ReportNoteRecord {
  [OptionalProps]?: 'id';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  reportId!: string;

  @Property({ type: 'string', length: 64 })
  authorId!: string;

  @Property({ type: 'string', length: 320 })
  authorName!: string;

  @Property({ type: 'text' })
  text!: string;

  @Property({ type: 'Date' })
  createdAt!: Date;
}

/** A report's screenshot (decoded, at most REPORT_SCREENSHOT_MAX_BYTES), read only when asked for. */
@Entity({ tableName: 'report_screenshots' })
export class ReportScreenshot {
  @PrimaryKey({ type: 'string', length: 36 })
  reportId!: string;

  @Property({ type: 'string', length: 64 })
  contentType!: string;

  @Property({ type: 'blob' })
  data!: Buffer;
}
