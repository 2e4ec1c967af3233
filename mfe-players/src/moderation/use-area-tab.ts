import { oneOf, useAddressParams } from '../shared/hooks/use-address-params';

export const AREA_TABS = ['punishments', 'reports'] as const;
export type AreaTab = (typeof AREA_TABS)[number];

/** The open tab under `param` (?tab on the server page; the network page's own ?tab is taken). */
export const useAreaTab = (param: string, allowed: readonly AreaTab[]) => {
  const [params, write] = useAddressParams();
  const requested = oneOf(AREA_TABS, params.get(param));
  // A tab the role may not open (a shared link) shows the first one instead.
  const tab: AreaTab = requested && allowed.includes(requested) ? requested : allowed[0];
  const select = (next: AreaTab) => write({ [param]: next === allowed[0] ? '' : next });
  return [tab, select] as const;
};
