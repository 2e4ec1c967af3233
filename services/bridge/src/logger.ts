export type Logger = {
  info: (message: string) => void;
  warn: (message: string) => void;
  error: (message: string) => void;
};

/** Timestamped lines on stdout (info) and stderr (warnings, errors), every one redacted. */
export const createLogger = (
  redact: (text: string) => string,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  err: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Logger => {
  const line = (level: string, message: string) => redact(`${new Date().toISOString()} ${level} ${message}`);
  return {
    info: (message) => out(line('info', message)),
    warn: (message) => err(line('warn', message)),
    error: (message) => err(line('error', message)),
  };
};
