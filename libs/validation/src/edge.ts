// Rules every request meets before any route sees it (the API's input guard applies them to the
// path, the query and the body of every route, once), and the rule for names.

/** PostgreSQL cannot store the NUL character, and no person types it: refused everywhere. */
export const NUL_MESSAGE = 'Text must not contain the NUL character';
/** A query parameter is one string: `?networkId=A&networkId=B` (or `a[b]=c`) is refused. */
export const queryParamMessage = (name: string): string => `${name} must be given once, as text`;
export const CONTROL_CHARACTERS_MESSAGE = 'Names must not contain control characters';

const NUL = '\u0000';

/**
 * C0 and C1 control characters, DEL, and the line and paragraph separators: nothing a name shows.
 * (Emoji, right-to-left marks and other format characters are text and stay allowed.)
 */
export const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u;
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001F\u007F-\u009F\u2028\u2029]*$/u;

export const hasNul = (value: string): boolean => value.includes(NUL);

/**
 * The path (dotted, `players.3.name`) of the first string or key holding a NUL in a parsed JSON
 * body or query, or undefined. Depth-first in document order, so the answer names one field.
 */
export const findNul = (value: unknown, path = ''): string | undefined => {
  if (typeof value === 'string') return hasNul(value) ? path || 'body' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const at = path ? `${path}.${key}` : key;
    if (hasNul(key)) return at;
    const found = findNul(item, at);
    if (found) return found;
  }
  return undefined;
};
