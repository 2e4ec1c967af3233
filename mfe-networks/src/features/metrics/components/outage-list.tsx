import type { Outage } from '@outpost/contracts';
import { describeOutage } from '../utils/durations';

export type OutageListProps = {
  outages: readonly Outage[];
  /** Names the list for a screen reader, e.g. "Outages of EU Main". */
  label: string;
};

/** Each outage of the range as text (from – to, how long), newest first: what the bands show. */
export const OutageList = ({ outages, label }: OutageListProps) =>
  outages.length === 0 ? (
    <p className="met-outages__none">No outages in this range.</p>
  ) : (
    <ul className="met-outages" aria-label={label}>
      {[...outages].reverse().map((outage) => (
        <li key={outage.from}>{describeOutage(outage)}</li>
      ))}
    </ul>
  );
