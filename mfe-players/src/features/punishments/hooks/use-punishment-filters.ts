// The punishments' kind, state and search, kept in the address (?kind, state, q).
import {
  PUNISHMENT_KINDS,
  PUNISHMENT_STATES,
  type PunishmentKind,
  type PunishmentState,
} from '@outpost/contracts';
import { useCallback, useMemo } from 'react';
import { oneOf, useAddressParams } from '../../../shared/hooks/use-address-params';

/** '' when a filter is not set. */
export type PunishmentFilters = { kind: PunishmentKind | ''; state: PunishmentState | ''; search: string };
export const NO_PUNISHMENT_FILTERS: PunishmentFilters = { kind: '', state: '', search: '' };

const PARAM: Readonly<Record<keyof PunishmentFilters, string>> = {
  kind: 'kind',
  state: 'state',
  search: 'q',
};

export const hasPunishmentFilters = (filters: PunishmentFilters): boolean =>
  Object.values(filters).some((value) => value !== '');

export const usePunishmentFilters = () => {
  const [params, write] = useAddressParams();
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
