import { type MetricRange } from '@outpost/contracts';
import { useSearchParams } from '@outpost/router';
import { metricsQuerySchema } from '@outpost/validation';

/** The range a page's query names, read as the API reads it; undefined when it names none. */
const rangeOf = (requested: string | null): MetricRange | undefined =>
  metricsQuerySchema.shape.range.safeParse(requested ?? undefined).data;

/**
 * The range the charts show, kept in the URL's query (`?range=7d`) so a reload or a shared link
 * shows the same; other query parameters (the network page's `tab`) stay as they are. With a
 * `fallback` (a network's day) the page shows it when the query names none, and choosing it leaves
 * the query; without one (a server's, whose range without a query is the one that fits its
 * history, as the API answers it) the range is undefined until chosen, and a choice is always kept.
 */
export function useMetricRange(fallback: MetricRange): [MetricRange, (range: MetricRange) => void];
export function useMetricRange(): [MetricRange | undefined, (range: MetricRange) => void];
export function useMetricRange(
  fallback?: MetricRange,
): [MetricRange | undefined, (range: MetricRange) => void] {
  const [params, setParams] = useSearchParams();
  const range = rangeOf(params.get('range')) ?? fallback;
  const setRange = (next: MetricRange) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === fallback) updated.delete('range');
        else updated.set('range', next);
        return updated;
      },
      { replace: true },
    );
  return [range, setRange];
}
