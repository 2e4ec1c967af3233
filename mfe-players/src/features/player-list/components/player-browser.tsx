import { useGetNetworkServersQuery } from '@outpost/api-cache';
import { usePollingUnlessLive } from '@outpost/api-client';
import {
  PLAYERS_PAGE_SIZE,
  type Player,
  type PlayerAction,
  type Role,
  type Server,
} from '@outpost/contracts';
import { EmptyState, ErrorState, Spinner, TextField } from '@outpost/ui';
import { useEffect, useState } from 'react';
import type { SentCommand } from '../../../shared/components/command-outcome';
import { ServerSelect } from '../../../shared/components/server-select';
import { useModerationView } from '../../../shared/hooks/use-moderation-view';
import { apiErrorText } from '../../../shared/utils/api-error';
import { useGetPlayersQuery } from '../api/player-list.api';
import { usePlayerListState } from '../hooks/use-player-list-state';
import { useRequestedAction } from '../hooks/use-requested-action';
import { CapacityCards } from './capacity-cards';
import { Pagination } from './pagination';
import { PlayerDetail } from './player-detail';
import { PlayersTable } from './players-table';

export const SEARCH_HINT = 'Search by player name, Steam ID, or IP address';
export const NO_PLAYERS_TEXT = 'No players have joined your servers yet';
export const NO_MATCHES_TEXT = 'No players found matching the search text';
export const PAST_THE_END_TEXT = 'No players on this page';
/** While the live stream is down, the list is read again this often. */
export const PLAYERS_POLL_MS = 10_000;

export type PlayerBrowserProps = {
  networkId: string;
  role: Role | null | undefined;
  /** Fixed on the server page; the network tab lets the viewer pick one (or all). */
  serverId?: string;
};

/** Cards, search, sortable table, pagination and the selected player's detail. */
export const PlayerBrowser = ({ networkId, role, serverId }: PlayerBrowserProps) => {
  const list = usePlayerListState(serverId ?? '');
  const [selected, setSelected] = useState<Player | null>(null);
  /** The dialog a link asked for, opened with the player it named. */
  const [requested, setRequested] = useState<PlayerAction | null>(null);
  /** The last command sent for each player here: the table's row follows it too. */
  const [followed, setFollowed] = useState<ReadonlyMap<string, SentCommand>>(new Map());
  const moderation = useModerationView(role);
  useRequestedAction(networkId, (player, action) => {
    setRequested(action);
    setSelected(player);
  });
  const pollingInterval = usePollingUnlessLive(PLAYERS_POLL_MS);
  const servers = useGetNetworkServersQuery(networkId, { pollingInterval });
  const players = useGetPlayersQuery(
    {
      networkId,
      serverId: list.serverId || undefined,
      search: list.search || undefined,
      page: list.page,
      limit: PLAYERS_PAGE_SIZE,
      sortBy: list.sortBy,
      sortOrder: list.sortOrder,
    },
    { pollingInterval, skipPollingIfUnfocused: true },
  );
  // A page past the last one (an old link, or the list shrank since): back to the last page.
  const listed = players.currentData;
  const lastPage = listed ? Math.max(listed.totalPages, 1) : 1;
  const pastTheEnd =
    !!listed && listed.players.length === 0 && listed.totalCount > 0 && listed.currentPage > lastPage;
  const { setPage } = list;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage, true);
    // setPage changes with every render; the page to go to is all that matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pastTheEnd, lastPage]);
  const allServers: readonly Server[] = servers.data ?? [];
  const shownServers = list.serverId
    ? allServers.filter((server) => server.id === list.serverId)
    : allServers;

  if (selected) {
    // The row as the latest poll or action left it, so a ban shows without reopening.
    const fresh = players.data?.players.find((player) => player.steamId === selected.steamId) ?? selected;
    return (
      <PlayerDetail
        networkId={networkId}
        player={fresh}
        servers={allServers}
        serverId={list.serverId || undefined}
        canModerate={moderation.shows}
        readOnly={moderation.readOnly}
        followed={followed.get(selected.steamId) ?? null}
        initialAction={requested}
        onSent={(sent) => setFollowed((current) => new Map(current).set(selected.steamId, sent))}
        onBack={() => {
          setRequested(null);
          setSelected(null);
        }}
      />
    );
  }

  const body = () => {
    if (players.isLoading) return <Spinner label="Loading players…" showLabel />;
    if (players.isError || !players.data)
      return (
        <ErrorState
          title="Failed to load players"
          message={apiErrorText(players.error)}
          retryLabel="Retry"
          onRetry={() => void players.refetch()}
        />
      );
    const { data } = players;
    if (data.totalCount === 0) return <EmptyState title={list.search ? NO_MATCHES_TEXT : NO_PLAYERS_TEXT} />;
    return (
      <>
        {data.players.length > 0 ? (
          <PlayersTable
            players={data.players}
            sort={list}
            onSort={list.sort}
            onSelect={setSelected}
            busy={players.isFetching}
            followed={followed}
            servers={allServers}
          />
        ) : (
          // Past the end only until the effect above has gone back to the last page.
          <EmptyState title={PAST_THE_END_TEXT} />
        )}
        <Pagination
          page={data.currentPage}
          totalPages={data.totalPages}
          totalCount={data.totalCount}
          capped={data.totalCountCapped}
          onPage={list.setPage}
        />
      </>
    );
  };

  return (
    <div className="pl-browser">
      <CapacityCards servers={shownServers} />
      <div className="pl-toolbar">
        <TextField
          className="pl-search"
          label="Search players"
          type="search"
          placeholder={SEARCH_HINT}
          hint={SEARCH_HINT}
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.target.value)}
        />
        {serverId === undefined && allServers.length > 0 && (
          <ServerSelect
            servers={allServers}
            value={list.serverId}
            onChange={list.setServerId}
            anyLabel="All servers"
          />
        )}
      </div>
      {body()}
    </div>
  );
};
