// The Punishments area's state in the address, so a reload, Back or a shared link shows the same
// list: the tab, the punishments' kind, state and search (?kind, state, q), the reports' state
// (?reportState). Other parameters (the network page's own ?tab) are kept; a default leaves the
// address; each change replaces the history entry rather than adding one per key.
import {
  PUNISHMENT_KINDS,
  PUNISHMENT_STATES,
  REPORT_STATES,
  type PunishmentKind,
  type PunishmentState,
  type ReportState,
} from '@outpost/contracts';
import { useSearchParams } from '@outpost/router';
import { useCallback, useMemo } from 'react';

export const AREA_TABS = ['punishments', 'reports'] as const;
export type AreaTab = (typeof AREA_TABS)[number];

/** '' when a filter is not set. */
export type PunishmentFilters = { kind: PunishmentKind | ''; state: PunishmentState | ''; search: string };
export const NO_PUNISHMENT_FILTERS: PunishmentFilters = { kind: '', state: '', search: '' };

const PARAM: Readonly<Record<keyof PunishmentFilters, string>> = {
  kind: 'kind',
  state: 'state',
  search: 'q',
};
const REPORT_STATE_PARAM = 'reportState';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  values.includes(value as T) ? (value as T) : '';

export const hasPunishmentFilters = (filters: PunishmentFilters): boolean =>
  Object.values(filters).some((value) => value !== '');

/** Writes `changes` (name to value; '' removes the name) over the current address. */
const useWriteParams = () => {
  const [params, setParams] = useSearchParams();
  const write = useCallback(
    (changes: Record<string, string>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes))
            if (value) next.set(name, value);
            else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, write] as const;
};

/** The open tab under `param` (?tab on the server page; the network page's own ?tab is taken). */
export const useAreaTab = (param: string, allowed: readonly AreaTab[]) => {
  const [params, write] = useWriteParams();
  const requested = oneOf(AREA_TABS, params.get(param));
  // A tab the role may not open (a shared link) shows the first one instead.
  const tab: AreaTab = requested && allowed.includes(requested) ? requested : allowed[0];
  const select = (next: AreaTab) => write({ [param]: next === allowed[0] ? '' : next });
  return [tab, select] as const;
};

export const usePunishmentFilters = () => {
  const [params, write] = useWriteParams();
  const filters = useMemo<PunishmentFilters>(
    () => ({
      kind: oneOf(PUNISHMENT_KINDS, params.get(PARAM.kind)),
      state: oneOf(PUNISHMENT_STATES, params.get(PARAM.state)),
      search: params.get(PARAM.search) ?? '',
    }),
    [params],
  );
  const change = useCallback(
    (changes: Partial<PunishmentFilters>) =>
      write(
        Object.fromEntries(
          Object.entries(changes).map(([key, value]) => [PARAM[key as keyof PunishmentFilters], value]),
        ),
      ),
    [write],
  );
  return [filters, change] as const;
};

export const useReportStateFilter = () => {
  const [params, write] = useWriteParams();
  const state = oneOf(REPORT_STATES, params.get(REPORT_STATE_PARAM));
  const setState = (next: ReportState | '') => write({ [REPORT_STATE_PARAM]: next });
  return [state, setState] as const;
};
