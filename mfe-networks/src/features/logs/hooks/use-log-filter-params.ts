import { LOG_TYPES, type LogType } from '@outpost/contracts';
import { useSearchParams } from '@outpost/router';
import { useCallback, useMemo } from 'react';
import { NO_LOG_FILTERS, type LogFilterState } from '../utils/log-filters';

/** The address keeps the filters, so a filtered timeline can be reloaded, shared and gone back to. */
const PARAM: Readonly<Record<keyof LogFilterState, string>> = {
  types: 'types',
  search: 'search',
  from: 'from',
  to: 'to',
  serverId: 'server',
};

const isLogType = (value: string): value is LogType => (LOG_TYPES as readonly string[]).includes(value);

/** `types` absent: every type; present but empty: none chosen. */
const typesOf = (value: string | null): readonly LogType[] =>
  value === null ? LOG_TYPES : value.split(',').filter(isLogType);

export const filtersFromParams = (params: URLSearchParams): LogFilterState => ({
  types: typesOf(params.get(PARAM.types)),
  search: params.get(PARAM.search) ?? '',
  from: params.get(PARAM.from) ?? '',
  to: params.get(PARAM.to) ?? '',
  serverId: params.get(PARAM.serverId) ?? '',
});

/**
 * The timeline's filters, read from and written to the address; other parameters (the network
 * page's tab) are kept. Each change replaces the history entry rather than adding one per key.
 */
export const useLogFilterParams = (): [LogFilterState, (changes: Partial<LogFilterState>) => void] => {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const change = useCallback(
    (changes: Partial<LogFilterState>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes) as [keyof LogFilterState, unknown][]) {
            const name = PARAM[key];
            if (key === 'types') {
              const types = value as readonly LogType[];
              if (types.length === LOG_TYPES.length) next.delete(name);
              else next.set(name, LOG_TYPES.filter((type) => types.includes(type)).join(','));
            } else if (value === NO_LOG_FILTERS[key] || value === undefined) next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, change];
};
