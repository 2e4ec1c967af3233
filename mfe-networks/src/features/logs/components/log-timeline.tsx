import type { LogEntry } from '@outpost/contracts';
import { Button, LoadOlder } from '@outpost/ui';
import { useRef } from 'react';
import { listErrorMessage } from '../../../shared/utils/error-message';
import { useHeldEntries } from '../hooks/use-held-entries';
import { LogLine } from './log-line';

/** Within this many pixels of the top the reader counts as at the top. */
const TOP_PX = 24;

export type NewEntriesPillProps = { count: number; onShow: () => void };

/** "3 new": lines that arrived while the reader was further down; a click shows them. */
export const NewEntriesPill = ({ count, onShow }: NewEntriesPillProps) => (
  <div className="net-logs__pill-row">
    <Button size="sm" className="net-logs__pill" onClick={onShow}>
      <span aria-hidden="true">↑ </span>
      {count} new
    </Button>
  </div>
);

export type LogTimelineProps = {
  /** Newest first; lines may be added on top at any time (a refetch, the live stream). */
  entries: readonly LogEntry[];
  /** Names the timeline for assistive technology, e.g. "Server logs". */
  label: string;
  /** For the links to players' profiles. */
  networkId: string;
  showServer?: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Why the older page did not come; the timeline keeps what it holds. */
  olderError?: unknown;
};

/**
 * One timeline, newest first, in its own scrolling box: new lines appear on top while the reader
 * is at the top; further down they wait behind an "N new" pill so the lines being read stay put.
 */
export const LogTimeline = ({
  entries,
  label,
  networkId,
  showServer = false,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  olderError,
}: LogTimelineProps) => {
  const boxRef = useRef<HTMLDivElement>(null);
  const { shown, held, atTop, leftTop } = useHeldEntries(entries);

  const onScroll = () => {
    const box = boxRef.current;
    if (!box) return;
    if (box.scrollTop <= TOP_PX) atTop();
    else leftTop();
  };

  const showNew = () => {
    if (boxRef.current) boxRef.current.scrollTop = 0;
    atTop();
  };

  return (
    <div className="net-logs__frame">
      {held > 0 && <NewEntriesPill count={held} onShow={showNew} />}
      <div
        ref={boxRef}
        className="net-logs__box"
        role="log"
        aria-label={label}
        tabIndex={0}
        onScroll={onScroll}
      >
        <ol className="net-logs__list">
          {shown.map((entry) => (
            <LogLine key={entry.id} entry={entry} networkId={networkId} showServer={showServer} />
          ))}
        </ol>
        <LoadOlder
          hasOlder={hasOlder}
          loading={loadingOlder}
          onLoadOlder={onLoadOlder}
          noun="lines"
          error={olderError}
          errorText={listErrorMessage}
        />
      </div>
    </div>
  );
};
