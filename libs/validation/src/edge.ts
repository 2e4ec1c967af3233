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

/** Deepest nesting of arrays and objects a request may send; no route takes more than a few levels. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `The request nests deeper than ${MAX_JSON_DEPTH} levels`;

export type EdgeProblem = { field: string; message: string };

/**
 * Whether anything in a parsed JSON body or query breaks those rules: the walk every request
 * takes, so it builds no paths and allocates only its two stacks (a heartbeat of a hundred
 * players is walked in a few microseconds). findEdgeProblem says where, when one does.
 */
const hasEdgeProblem = (value: unknown): boolean => {
  if (typeof value === 'string') return hasNul(value);
  if (value === null || typeof value !== 'object') return false;
  const items: object[] = [value];
  const depths: number[] = [0];
  while (items.length > 0) {
    const item = items.pop()!;
    const depth = depths.pop()!;
    if (depth >= MAX_JSON_DEPTH) return true;
    const visit = (child: unknown): boolean => {
      if (typeof child === 'string') return hasNul(child);
      if (child !== null && typeof child === 'object') {
        items.push(child);
        depths.push(depth + 1);
      }
      return false;
    };
    if (Array.isArray(item)) {
      for (let index = 0; index < item.length; index += 1) if (visit(item[index])) return true;
    } else
      for (const key in item) if (hasNul(key) || visit((item as Record<string, unknown>)[key])) return true;
  }
  return false;
};

/**
 * The first thing in a parsed JSON body or query that no route may receive: a string or key
 * holding a NUL (its dotted path, `players.3.name`), or nesting deeper than MAX_JSON_DEPTH.
 * Walked with an explicit stack in document order, so a body of a hundred thousand nested
 * arrays is refused, not a stack overflow. Bodies without a problem (nearly all) take the quick
 * walk only.
 */
export const findEdgeProblem = (value: unknown): EdgeProblem | undefined =>
  hasEdgeProblem(value) ? locateEdgeProblem(value) : undefined;

/** Where the first problem is, in document order (only once one is known to be there). */
const locateEdgeProblem = (value: unknown): EdgeProblem | undefined => {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: item, path, depth } = stack.pop()!;
    if (typeof item === 'string') {
      if (hasNul(item)) return { field: path || 'body', message: NUL_MESSAGE };
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return { field: path || 'body', message: TOO_DEEP_MESSAGE };
    const entries = Array.isArray(item)
      ? item.map((child, index) => [String(index), child] as const)
      : Object.entries(item);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index]!;
      const at = path ? `${path}.${key}` : key;
      if (hasNul(key)) return { field: at, message: NUL_MESSAGE };
      stack.push({ value: child, path: at, depth: depth + 1 });
    }
  }
  return undefined;
};
