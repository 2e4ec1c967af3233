import { DEFAULT_METRIC_RANGE, METRIC_RANGES, type MetricRange } from '@outpost/contracts';
import { useSearchParams } from '@outpost/router';

const isRange = (value: string | null): value is MetricRange =>
  (METRIC_RANGES as readonly (string | null)[]).includes(value);

/**
 * The range the charts show, kept in the URL's query (`?range=7d`) so a reload or a shared link
 * shows the same; other query parameters (the network page's `tab`) stay as they are.
 */
export const useMetricRange = (): [MetricRange, (range: MetricRange) => void] => {
  const [params, setParams] = useSearchParams();
  const requested = params.get('range');
  const range = isRange(requested) ? requested : DEFAULT_METRIC_RANGE;
  const setRange = (next: MetricRange) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_METRIC_RANGE) updated.delete('range');
        else updated.set('range', next);
        return updated;
      },
      { replace: true },
    );
  return [range, setRange];
};
