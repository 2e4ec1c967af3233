import { readFileSync, statSync } from 'node:fs';

/**
 * Files read again only when they changed on disk (a remote can be redeployed under a running
 * panel), each with what was worked out from it (a manifest's hints), dropped with the old text.
 */
type FreshFile = { stamp: string; text: string; derived?: { value: unknown } };
const fileCache = new Map<string, FreshFile>();
const freshFile = (file: string): FreshFile | null => {
  try {
    const { mtimeMs, size } = statSync(file);
    const stamp = `${mtimeMs}:${size}`;
    const cached = fileCache.get(file);
    if (cached?.stamp === stamp) return cached;
    const entry = { stamp, text: readFileSync(file, 'utf8') };
    fileCache.set(file, entry);
    return entry;
  } catch {
    return null;
  }
};

export const readFresh = (file: string): string | null => freshFile(file)?.text ?? null;

/** `derive(text)` of the file, worked out again only when the file changed. */
export const deriveFresh = <T>(file: string, derive: (text: string) => T): T | null => {
  const entry = freshFile(file);
  if (!entry) return null;
  // Kept even when it is null (a half-written file): worked out once per version of the file.
  entry.derived ??= { value: derive(entry.text) };
  return entry.derived.value as T;
};
