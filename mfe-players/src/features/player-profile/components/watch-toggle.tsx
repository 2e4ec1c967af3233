import { useGetNetworkQuery } from '@outpost/api-cache';
import { selectAuthStatus, useAppSelector } from '@outpost/api-client';
import { can } from '@outpost/contracts';
import { Button } from '@outpost/ui';
import { apiErrorText } from '../../../shared/utils/api-error';
import { useGetWatchedPlayersQuery, useSetPlayerWatchedMutation } from '../api/player-profile.api';

export type WatchToggleProps = { networkId: string; steamId: string };

/**
 * "Watch" / "Watching": the player on the network's watch list, so staff hear when they join a
 * server (the player_joins alert rule). For those who manage alerts (owner, admin) only.
 */
export const WatchToggle = ({ networkId, steamId }: WatchToggleProps) => {
  const { data: network } = useGetNetworkQuery(networkId);
  const manage = can(network?.role, 'alerts.manage');
  const demo = useAppSelector(selectAuthStatus) === 'demo';
  const watched = useGetWatchedPlayersQuery(networkId, { skip: !manage });
  const [setWatched, saving] = useSetPlayerWatchedMutation();
  if (!manage) return null;
  const watching = watched.data?.includes(steamId) ?? false;
  return (
    <div className="pl-watch">
      <Button
        variant={watching ? 'primary' : 'secondary'}
        size="sm"
        aria-pressed={watching}
        // Not while the list is read again after a change: a stale answer would turn it back.
        disabled={!watched.data || watched.isFetching || saving.isLoading || demo}
        title={
          demo
            ? 'The demo is read-only'
            : watching
              ? 'Staff get an alert when this player joins a server. Press to stop watching.'
              : 'Get an alert when this player joins a server'
        }
        onClick={() => void setWatched({ networkId, steamId, watched: !watching })}
      >
        {watching ? 'Watching' : 'Watch'}
      </Button>
      {(saving.isError || watched.isError) && (
        <p role="alert" className="pl-error">
          {saving.isError
            ? apiErrorText(saving.error, 'Failed to change the watch list')
            : apiErrorText(watched.error, 'Failed to read the watch list')}
        </p>
      )}
    </div>
  );
};
