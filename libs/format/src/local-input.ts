// The value of an <input type="datetime-local">: the browser's local time to the minute, no zone
// ('2026-12-03T10:00'). The API speaks ISO times; these convert between the two.

const MINUTE = 60_000;

/** The datetime-local value for an ISO time; '' for none, or for a value that is not a time. */
export const toLocalInput = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * MINUTE);
  return local.toISOString().slice(0, 16);
};

export type FromLocalInputOptions = {
  /** "To 11:05" read as up to the end of that minute (the input has no seconds). */
  endOfMinute?: boolean;
};

/** The ISO time of a datetime-local value; undefined when it is empty or not a time. */
export const fromLocalInput = (
  local: string,
  { endOfMinute = false }: FromLocalInputOptions = {},
): string | undefined => {
  if (!local) return undefined;
  const time = new Date(local).getTime();
  if (Number.isNaN(time)) return undefined;
  return new Date(endOfMinute ? time + MINUTE - 1 : time).toISOString();
};
