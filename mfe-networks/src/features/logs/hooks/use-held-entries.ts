import { useState } from 'react';

export type HeldEntries<T> = {
  /** What the timeline shows: everything at the top, else from the line that was on top when the reader left it. */
  shown: readonly T[];
  /** Lines that arrived above while the reader was further down. */
  held: number;
  /** The reader is at the top (or came back to it): new lines show as they come. */
  atTop: () => void;
  /** The reader scrolled down: lines that arrive from now on wait above. */
  leftTop: () => void;
};

/**
 * New lines appear on top while the reader is at the top; otherwise they are held (counted, not
 * shown) so the lines being read do not move. Works from the entries alone, newest first, so
 * whatever adds lines to the cache (a refetch, the live stream) is held the same way. When the
 * line that was on top is gone (other filters, a reload), everything shows again.
 */
export const useHeldEntries = <T extends { id: string }>(entries: readonly T[]): HeldEntries<T> => {
  // The id of the line on top when the reader left the top; null while at the top.
  const [topId, setTopId] = useState<string | null>(null);
  const index = topId === null ? -1 : entries.findIndex((entry) => entry.id === topId);
  const held = Math.max(index, 0);
  return {
    shown: held ? entries.slice(held) : entries,
    held,
    atTop: () => {
      if (topId !== null) setTopId(null);
    },
    leftTop: () => {
      if (topId === null && entries[0]) setTopId(entries[0].id);
    },
  };
};
