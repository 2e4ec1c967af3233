// A link that names a player and an action (?player=<steamId>&action=kick|warn|ban: Punish on the
// Suspicious Activity list, paths.playerAction): the player is looked up by Steam ID in the
// network, and the list shows them with that action's dialog open. The two parameters leave the
// address once followed, so Back to Players and a reload show the list.
import { PLAYER_ACTIONS, type Player, type PlayerAction } from '@outpost/contracts';
import { useEffect } from 'react';
import { oneOf, useAddressParams } from '../../../shared/hooks/use-address-params';
import { useGetPlayersQuery } from '../api/player-list.api';

export const useRequestedAction = (
  networkId: string,
  open: (player: Player, action: PlayerAction | null) => void,
): void => {
  const [params, write] = useAddressParams();
  const steamId = params.get('player') ?? '';
  const action = oneOf(PLAYER_ACTIONS, params.get('action')) || null;
  const found = useGetPlayersQuery(
    // The whole network's: the player may have moved on since, or be offline.
    { networkId, search: steamId, page: 1, limit: 1 },
    { skip: !steamId },
  );
  const player = found.currentData?.players.find((candidate) => candidate.steamId === steamId) ?? null;
  const settled = !!steamId && (found.isError || (!!found.currentData && !found.isFetching));
  useEffect(() => {
    if (!settled) return;
    if (player) open(player, action);
    write({ player: '', action: '' });
    // Once per link followed: `open` and `write` change with every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, player?.steamId]);
};
