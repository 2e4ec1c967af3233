import { isPlanRequired } from '@outpost/contracts';
import { ErrorState, PremiumRequired, Spinner } from '@outpost/ui';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../shared/utils/error-message';

export type MetricsQueryCopy = {
  /** What a Free plan is missing, e.g. "History over 7 days". */
  premium: string;
  errorTitle: string;
  errorFallback: string;
  loadingLabel: string;
};

type MetricsQuery = {
  data?: unknown;
  error?: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

/**
 * What a metrics read shows until it has figures: Premium's notice when the plan refuses it (or
 * would: `premiumOnly`, a Premium range of a network known to be on Free, which is not asked for),
 * the failure with Retry, or a spinner; null once there are figures. A refetch that is under way
 * is not shown as failed, so Retry does not flash the error back.
 */
export const metricsQueryState = (
  query: MetricsQuery,
  copy: MetricsQueryCopy,
  premiumOnly = false,
): ReactNode | null => {
  const failed = query.isError && !query.isFetching;
  if (premiumOnly || (failed && isPlanRequired(query.error)))
    return <PremiumRequired feature="metricsHistory" what={copy.premium} />;
  if (failed)
    return (
      <ErrorState
        title={copy.errorTitle}
        message={errorMessage(query.error, copy.errorFallback)}
        onRetry={() => void query.refetch()}
      />
    );
  if (!query.data) return <Spinner label={copy.loadingLabel} showLabel />;
  return null;
};
