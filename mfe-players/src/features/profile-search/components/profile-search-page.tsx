import { can, paths, type Role } from '@outpost/contracts';
import { formatLastSeen } from '@outpost/format';
import { Link } from '@outpost/router';
import { ServerFrameScreen } from '@outpost/server-frame';
import { EmptyState, ErrorState, SearchField, Spinner } from '@outpost/ui';
import { useState } from 'react';
import { useServerFrameQueries } from '../../../shared/hooks/use-server-frame-queries';
import { apiErrorText } from '../../../shared/utils/api-error';
import { useSearchPlayersQuery } from '../api/profile-search.api';

export const PROFILE_SEARCH_DELAY_MS = 300;

type ProfileSearchProps = { networkId: string; role: Role | null | undefined };

/** Finds a player of the network and opens their profile. */
export const ProfileSearch = ({ networkId, role }: ProfileSearchProps) => {
  const [search, setSearch] = useState('');
  const found = useSearchPlayersQuery({ networkId, search }, { skip: search === '' });
  const hint = can(role, 'players.viewIp')
    ? 'Search by player name, Steam ID, or IP address'
    : 'Search by player name or Steam ID';

  let results;
  if (search === '')
    results = <EmptyState title="Find a player" message="Type a name or Steam ID to open their profile." />;
  else if (found.isFetching && !found.currentData) results = <Spinner label="Searching players…" showLabel />;
  else if (found.error)
    results = (
      <ErrorState
        title="Failed to load players"
        message={apiErrorText(found.error)}
        onRetry={() => void found.refetch()}
      />
    );
  else if (!found.currentData?.players.length)
    results = <EmptyState title="No players found matching the search text" />;
  else
    results = (
      <ul className="pl-profile-search__results" aria-label="Players found">
        {found.currentData.players.map((player) => (
          <li key={player.steamId}>
            <Link to={paths.playerProfile(networkId, player.steamId)}>{player.displayName}</Link>{' '}
            <span className="pl-muted">
              {player.steamId} ·{' '}
              {player.status === 'online' ? 'online now' : `last seen ${formatLastSeen(player.lastSeen)}`}
            </span>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="pl-profile-search">
      <SearchField
        label="Find a player"
        placeholder={hint}
        hint={hint}
        value={search}
        onSearch={setSearch}
        delayMs={PROFILE_SEARCH_DELAY_MS}
      />
      {results}
    </div>
  );
};

/** /networks/:networkId/:serverId/profile: a player search that opens the profile. */
export default function ProfileSearchPage() {
  const { networkId, frame } = useServerFrameQueries();
  return (
    <ServerFrameScreen {...frame} area="profile">
      {({ network: { role } }) => <ProfileSearch networkId={networkId} role={role} />}
    </ServerFrameScreen>
  );
}
