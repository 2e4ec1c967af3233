import { DEFAULT_METRIC_RANGE, type MetricRange } from '@outpost/contracts';
import { useSearchParams } from '@outpost/router';
import { metricsQuerySchema } from '@outpost/validation';

/** The range a page's query names, read as the API reads it; the default when it names none. */
const rangeOf = (requested: string | null): MetricRange =>
  metricsQuerySchema.shape.range.safeParse(requested ?? undefined).data ?? DEFAULT_METRIC_RANGE;

/**
 * The range the charts show, kept in the URL's query (`?range=7d`) so a reload or a shared link
 * shows the same; other query parameters (the network page's `tab`) stay as they are.
 */
export const useMetricRange = (): [MetricRange, (range: MetricRange) => void] => {
  const [params, setParams] = useSearchParams();
  const range = rangeOf(params.get('range'));
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
