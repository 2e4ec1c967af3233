// The game's own F7 report, as a Rust server POSTs it to `server.reportsServerEndpoint`.
//
// Source: Facepunch's "Receiving Reports" page (wiki.facepunch.com/rust/receiving-reports) and a
// decompiled server build (BasePlayer.OnFeedbackReport): a POST of a Dictionary<string,string>
// (form fields) holding `data` (the report as JSON: Subject, Message, Type as a number, TargetId,
// TargetName, TargetReportType, AppInfo {UserId, UserName, ..., Image: a base64 JPG}), `userid`
// (the reporter's Steam ID) and `key` (server.reportsServerEndpointKey). Type: General=0, Bug=1,
// Cheat=2, Abuse=3, Idea=4, OffensiveContent=5. The game fills TargetId only in some builds, and
// nothing names the report's time, so it is when the panel received it.
//
// Reading is lenient: a field that is present but cannot be read is named in `unparsed` and the
// raw payload is kept (without the screenshot, bounded), so nothing a player sent is lost.
import { REPORT_RAW_MAX_BYTES, REPORT_SCREENSHOT_MAX_BYTES } from '@outpost/contracts';
import type { ReportPosition } from './report.entity';

const CATEGORIES = ['general', 'bug', 'cheat', 'abuse', 'idea', 'offensive content'] as const;
const STEAM_ID = /^\d{5,20}$/;

export type NativeReport = {
  reporterSteamId: string | null;
  reporterName: string | null;
  targetSteamId: string | null;
  targetName: string | null;
  subject: string | null;
  message: string | null;
  category: string | null;
  position: ReportPosition | null;
  unparsed: string[];
  raw: string;
  rawTruncated: boolean;
  screenshot: { contentType: string; data: Buffer } | null;
  screenshotNote: string | null;
};

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Bounded text with NUL left out (the databases refuse it); blank reads as absent. */
const clip = (value: string, max: number): string | null => {
  const text = value.replace(/\u0000/g, '').trim();
  return text === '' ? null : text.slice(0, max);
};

/** Cuts a string to at most `max` UTF-8 bytes without splitting a character. */
export const clipBytes = (text: string, max: number): { text: string; truncated: boolean } => {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return { text, truncated: false };
  const cut = bytes
    .subarray(0, max)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
  return { text: cut, truncated: true };
};

const imageType = (data: Buffer): string | null => {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  return null;
};

const readPosition = (value: unknown): ReportPosition | null | undefined => {
  const numbers = isObject(value)
    ? [value.x ?? value.X, value.y ?? value.Y, value.z ?? value.Z]
    : typeof value === 'string'
      ? value
          .replace(/[()]/g, '')
          .split(/[\s,]+/)
          .filter(Boolean)
          .map(Number)
      : [];
  const [x, y, z] = numbers.map((n) => (typeof n === 'string' ? Number(n) : n));
  if (numbers.length !== 3 || ![x, y, z].every((n) => typeof n === 'number' && Number.isFinite(n)))
    return undefined;
  return { x: x as number, y: y as number, z: z as number };
};

/** The report's fields from the POSTed form (or the same as JSON). */
export const readNativeReport = (body: Fields): NativeReport => {
  const unparsed: string[] = [];
  let data: Fields = {};
  if (isObject(body.data)) data = body.data;
  else if (typeof body.data === 'string') {
    try {
      const parsed: unknown = JSON.parse(body.data);
      if (isObject(parsed)) data = parsed;
      else unparsed.push('data');
    } catch {
      unparsed.push('data');
    }
  } else if (body.data !== undefined) unparsed.push('data');
  const appInfo = isObject(data.AppInfo) ? data.AppInfo : {};
  if (data.AppInfo !== undefined && data.AppInfo !== null && !isObject(data.AppInfo))
    unparsed.push('AppInfo');

  /** A text field: absent/null is fine, another type is named as unparsed. */
  const textOf = (from: Fields, key: string, max: number, label = key): string | null => {
    const value = from[key];
    if (value === undefined || value === null) return null;
    if (typeof value === 'string') return clip(value, max);
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    unparsed.push(label);
    return null;
  };
  const steamIdOf = (value: string | null, label: string): string | null => {
    if (value === null || value === '0') return null;
    if (STEAM_ID.test(value)) return value;
    unparsed.push(label);
    return null;
  };

  const userId = textOf(body, 'userid', 32) ?? textOf(appInfo, 'UserId', 32, 'AppInfo.UserId');
  const reporterSteamId = steamIdOf(userId, 'userid');
  const targetSteamId = steamIdOf(textOf(data, 'TargetId', 32), 'TargetId');

  let category: string | null = null;
  if (typeof data.Type === 'number' && Number.isInteger(data.Type))
    category = CATEGORIES[data.Type] ?? `type ${data.Type}`;
  else if (typeof data.Type === 'string') category = clip(data.Type, 64)?.toLowerCase() ?? null;
  else if (data.Type !== undefined && data.Type !== null) unparsed.push('Type');

  let position: ReportPosition | null = null;
  const positionField =
    data.Position !== undefined
      ? 'Position'
      : appInfo.LevelPosition !== undefined
        ? 'AppInfo.LevelPosition'
        : null;
  if (positionField) {
    const read = readPosition(positionField === 'Position' ? data.Position : appInfo.LevelPosition);
    if (read === undefined) unparsed.push(positionField);
    else position = read;
  }

  let screenshot: NativeReport['screenshot'] = null;
  let screenshotNote: string | null = null;
  const image = appInfo.Image;
  if (typeof image === 'string' && image.trim() !== '') {
    const encoded = image.trim().replace(/^data:image\/\w+;base64,/, '');
    if (!/^[A-Za-z0-9+/=\s]+$/.test(encoded)) {
      unparsed.push('AppInfo.Image');
      screenshotNote = 'Screenshot not kept: it is not base64';
    } else if (Math.floor((encoded.length * 3) / 4) > REPORT_SCREENSHOT_MAX_BYTES + 3) {
      screenshotNote = `Screenshot not kept: larger than ${REPORT_SCREENSHOT_MAX_BYTES / 1024 / 1024} MB`;
    } else {
      const decoded = Buffer.from(encoded, 'base64');
      const contentType = imageType(decoded);
      if (decoded.length > REPORT_SCREENSHOT_MAX_BYTES)
        screenshotNote = `Screenshot not kept: larger than ${REPORT_SCREENSHOT_MAX_BYTES / 1024 / 1024} MB`;
      else if (!contentType) screenshotNote = 'Screenshot not kept: not a JPEG or PNG image';
      else screenshot = { contentType, data: decoded };
    }
  } else if (image !== undefined && image !== null && typeof image !== 'string')
    unparsed.push('AppInfo.Image');

  // What was sent, for a person to read: the screenshot is stored (or refused) on its own.
  const { key: _key, ...rest } = body;
  const shown = {
    ...rest,
    data:
      isObject(body.data) || Object.keys(data).length > 0
        ? {
            ...data,
            ...(isObject(data.AppInfo)
              ? { AppInfo: { ...appInfo, Image: image === undefined ? undefined : '(screenshot)' } }
              : {}),
          }
        : rest.data,
  };
  const { text: raw, truncated: rawTruncated } = clipBytes(
    JSON.stringify(shown, null, 2),
    REPORT_RAW_MAX_BYTES,
  );

  return {
    reporterSteamId,
    reporterName: textOf(appInfo, 'UserName', 100, 'AppInfo.UserName'),
    targetSteamId,
    targetName: textOf(data, 'TargetName', 100),
    subject: textOf(data, 'Subject', 200),
    message: textOf(data, 'Message', 4000),
    category,
    position,
    unparsed: [...new Set(unparsed)],
    raw,
    rawTruncated,
    screenshot,
    screenshotNote,
  };
};
