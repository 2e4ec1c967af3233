// `banlistex`: the game's own ban list with names, reasons and expiry, for importing it as bans.
//
// Source: the game's ConVar.Admin.banlistex, which answers ServerUsers.BanListStringEx() (seen in a
// decompiled server build, GoofyNest/RustServer-Staging ServerUsers.cs): one line per unexpired
// ban, no header:
//   <n> <steamid> "<username>" "<notes>" <expiry>
// the username and notes quoted with the game's QuoteSafe (a `"` inside becomes `\"`), and expiry in
// Unix seconds, or -1 for a permanent ban (older builds: 0 or nothing). The parser is lenient: lines
// it cannot read are counted, never guessed at.

export type BanListEntry = {
  steamId: string;
  /** The name the game kept beside the id; null when empty. */
  name: string | null;
  /** The notes (the reason) given to `banid`; null when empty. */
  reason: string | null;
  /** Unix milliseconds the ban ends; null when permanent. */
  expiresAt: number | null;
};

export type BanList = { entries: BanListEntry[]; unreadable: number };

const QUOTED = String.raw`"((?:[^"\\]|\\.)*)"`;
const LINE = new RegExp(
  String.raw`^\s*(?:\d+\s+)?(\d{5,20})\s+${QUOTED}\s+${QUOTED}(?:\s+(-?\d{1,13}))?\s*$`,
);

const unquote = (text: string): string | null => {
  const value = text.replace(/\\(.)/g, '$1').trim();
  return value === '' ? null : value;
};

/** The entries of a `banlistex` reply (blank lines skipped; one steamId kept once, the first). */
export const parseBanListEx = (text: string): BanList => {
  const entries: BanListEntry[] = [];
  const seen = new Set<string>();
  let unreadable = 0;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const match = LINE.exec(line);
    if (!match) {
      unreadable += 1;
      continue;
    }
    const [, steamId, name, notes, expiry] = match;
    if (seen.has(steamId)) continue;
    seen.add(steamId);
    const seconds = expiry === undefined ? -1 : Number(expiry);
    entries.push({
      steamId,
      name: unquote(name),
      reason: unquote(notes),
      expiresAt: seconds > 0 ? seconds * 1000 : null,
    });
  }
  return { entries, unreadable };
};
