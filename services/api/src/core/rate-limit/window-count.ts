/** One hit's place in its fixed window: hits so far in it (this one included) and the time left. */
export type WindowCount = { count: number; remainingMs: number };
