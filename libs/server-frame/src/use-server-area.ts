import { isServerArea, type ServerArea } from '@outpost/contracts';
import { useLocation } from '@outpost/router';

/** The server area the address opens (/networks/:networkId/:serverId/:area), or null on the home. */
export const useServerArea = (): ServerArea | null => {
  const last = useLocation().pathname.split('/').filter(Boolean).at(-1);
  return isServerArea(last) ? last : null;
};
