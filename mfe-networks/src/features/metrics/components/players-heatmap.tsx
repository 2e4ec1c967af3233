import type { MetricPoint } from '@outpost/contracts';
import { useMemo } from 'react';
import { describeCell, weekHeatmap, WEEKDAYS } from '../utils/heatmap';

export type PlayersHeatmapProps = { points: readonly MetricPoint[] };

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** A cell's shade: the accent colour, stronger with more players (relative to the busiest hour). */
const shade = (value: number | null, max: number): string | undefined =>
  value === null
    ? undefined
    : `rgba(59, 130, 246, ${(0.12 + 0.88 * (max > 0 ? value / max : 0)).toFixed(2)})`;

/**
 * Players by hour of the week over 30 days, in the viewer's local time: the quiet hours are the
 * ones to restart or wipe in. Each cell's title (and its text for a screen reader) gives the day,
 * the hour and the average.
 */
export const PlayersHeatmap = ({ points }: PlayersHeatmapProps) => {
  const { cells, max } = useMemo(() => weekHeatmap(points), [points]);
  return (
    <div className="met-heatmap">
      <table className="met-heatmap__grid" aria-label="Players by hour of week">
        <thead>
          <tr>
            <th scope="col">
              <span className="op-sr-only">Day</span>
            </th>
            {HOURS.map((hour) => (
              <th key={hour} scope="col" className="met-heatmap__hour">
                {hour % 3 === 0 ? String(hour).padStart(2, '0') : ''}
                {hour % 3 !== 0 && <span className="op-sr-only">{String(hour).padStart(2, '0')}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cells.map((row, day) => (
            <tr key={WEEKDAYS[day]}>
              <th scope="row" className="met-heatmap__day">
                {WEEKDAYS[day].slice(0, 3)}
              </th>
              {row.map((value, hour) => (
                <td
                  key={hour}
                  className={
                    value === null ? 'met-heatmap__cell met-heatmap__cell--empty' : 'met-heatmap__cell'
                  }
                  style={{ background: shade(value, max) }}
                  title={describeCell(day, hour, value)}
                >
                  <span className="op-sr-only">{value === null ? '—' : Math.round(value)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="met-heatmap__legend" aria-hidden="true">
        <span>0</span>
        <span className="met-heatmap__scale" />
        <span>{Math.round(max) === 1 ? '1 player' : `${Math.round(max)} players`}</span>
        <span className="met-heatmap__swatch met-heatmap__cell--empty" /> <span>no reports</span>
      </div>
    </div>
  );
};
