import { METRIC_RANGES, type MetricRange } from '@outpost/contracts';

const LABELS: Readonly<Record<MetricRange, string>> = {
  '1h': '1 h',
  '24h': '24 h',
  '7d': '7 d',
  '30d': '30 d',
};

export type RangeSwitchProps = {
  /** None checked while the range is not known yet (a server's fitting one, on its way). */
  value: MetricRange | undefined;
  onChange: (range: MetricRange) => void;
};

/**
 * 1 h / 24 h / 7 d / 30 d as one radio group: Tab reaches the chosen range, the arrow keys move
 * between them (the browser's own radio keys), and a screen reader hears "Range, 24 h, 2 of 4".
 */
export const RangeSwitch = ({ value, onChange }: RangeSwitchProps) => (
  <fieldset className="met-range">
    <legend className="met-range__legend">Range</legend>
    {METRIC_RANGES.map((range) => (
      <label key={range} className="met-range__option">
        <input
          type="radio"
          name="metric-range"
          value={range}
          checked={range === value}
          onChange={() => onChange(range)}
        />
        <span>{LABELS[range]}</span>
      </label>
    ))}
  </fieldset>
);
