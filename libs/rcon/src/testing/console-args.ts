/**
 * Splits a console line into arguments as Rust's console does: by whitespace, a "double-quoted"
 * part being one argument.
 */
export const splitConsoleArgs = (line: string): string[] => {
  const args: string[] = [];
  const pattern = /"([^"]*)"|(\S+)/g;
  for (let match = pattern.exec(line); match; match = pattern.exec(line)) args.push(match[1] ?? match[2]);
  return args;
};

/**
 * Rust's ConsoleSystem.Arg.GetTimestamp, used by banid's optional duration: a number with an
 * optional unit (s, m, h, d, w, M, Y; hours when none). A number up to ten years is a duration
 * from now; a larger one is an absolute Unix time. Returns Unix seconds, or -1 for "no expiry".
 */
export const parseBanExpiry = (text: string | undefined, nowSeconds: number): number => {
  if (text === undefined) return -1;
  const units: Record<string, number> = {
    s: 1,
    m: 60,
    h: 3600,
    d: 86400,
    w: 604800,
    M: 2592000,
    Y: 31536000,
  };
  let unit = 3600;
  let digits = text;
  const last = text.at(-1) ?? '';
  if (text.length > 1 && /[a-zA-Z]/.test(last)) {
    unit = units[last] ?? 3600;
    digits = text.slice(0, -1);
  }
  if (!/^-?\d+$/.test(digits)) return -1;
  const value = Number(digits);
  return value > 0 && value <= 315_360_000 ? nowSeconds + value * unit : value;
};
