import { Button } from '@outpost/ui';
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import type { ConsoleLine } from '../utils/console-lines';

export type ConsoleViewProps = {
  lines: readonly ConsoleLine[];
  /** Whether Ctrl+L or Clear emptied the view once: then an empty view says so. */
  everCleared: boolean;
  onClear: () => void;
};

/** Rows of the view's bottom within which new lines keep it scrolled to the end. */
const STICK_PX = 48;

export const isClearKey = (event: KeyboardEvent) =>
  event.ctrlKey && !event.altKey && !event.metaKey && event.key.toLowerCase() === 'l';

/**
 * The console's scrollback: plain text lines (React text nodes, so nothing a server prints is ever
 * read as markup), monospace, long lines wrapped. It follows new lines while scrolled to the end and
 * stays put while someone reads further up.
 */
export const ConsoleView = ({ lines, everCleared, onClear }: ConsoleViewProps) => {
  const logRef = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);

  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && atEnd.current) log.scrollTop = log.scrollHeight;
  }, [lines]);

  const onScroll = () => {
    const log = logRef.current;
    if (log) atEnd.current = log.scrollHeight - log.scrollTop - log.clientHeight < STICK_PX;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isClearKey(event)) return;
    event.preventDefault();
    onClear();
  };

  return (
    <div className="net-console__frame">
      <div className="net-console__toolbar">
        <span className="net-muted">Newest at the bottom · Ctrl+L clears the view</span>
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear
        </Button>
      </div>
      <div
        ref={logRef}
        className="net-console__log"
        role="log"
        aria-label="Console output"
        tabIndex={0}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
      >
        {lines.length === 0 ? (
          <p className="net-console__empty">
            {everCleared
              ? 'View cleared. New output appears here.'
              : 'Nothing yet: commands you run and what the server prints appear here.'}
          </p>
        ) : (
          lines.map((line) => (
            <div key={line.key} className={`net-console__line net-console__line--${line.kind}`}>
              {line.text}
            </div>
          ))
        )}
      </div>
    </div>
  );
};
