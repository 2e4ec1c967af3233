import { useCallback, useRef } from 'react';

/** Commands remembered for ↑/↓ in one console, as a shell keeps them. */
export const COMMAND_HISTORY_SIZE = 100;

export type CommandHistory = {
  /** Remembers a command that was sent (a repeat of the last one is kept once). */
  push: (command: string) => void;
  /** ↑: the command before the one shown; `draft` is what was typed, restored by ↓ at the end. */
  previous: (draft: string) => string | undefined;
  /** ↓: the command after the one shown, then the draft again. */
  next: () => string | undefined;
};

export const useCommandHistory = (): CommandHistory => {
  const items = useRef<string[]>([]);
  // items.length means "past the newest": the input holds the draft.
  const cursor = useRef(0);
  const draft = useRef('');

  const push = useCallback((command: string) => {
    if (items.current.at(-1) !== command) items.current.push(command);
    if (items.current.length > COMMAND_HISTORY_SIZE) items.current.shift();
    cursor.current = items.current.length;
    draft.current = '';
  }, []);

  const previous = useCallback((current: string) => {
    if (cursor.current === 0) return undefined;
    if (cursor.current === items.current.length) draft.current = current;
    cursor.current -= 1;
    return items.current[cursor.current];
  }, []);

  const next = useCallback(() => {
    if (cursor.current >= items.current.length) return undefined;
    cursor.current += 1;
    return cursor.current === items.current.length ? draft.current : items.current[cursor.current];
  }, []);

  return { push, previous, next };
};
