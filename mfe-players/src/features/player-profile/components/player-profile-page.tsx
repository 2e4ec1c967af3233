import { paths, type PlayerProfile } from '@outpost/contracts';
import { ErrorState, Spinner, Tabs, type TabItem } from '@outpost/ui';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from '@outpost/router';
import { PlayerIdentity } from '../../../shared/components/player-identity';
import { apiErrorStatus, apiErrorText } from '../../../shared/utils/api-error';
import { useGetPlayerProfileQuery } from '../api/player-profile.api';
import { ActivityTab } from './activity-tab';
import { ChatTab } from './chat-tab';
import { DiscordLinkSection } from './discord-link';
import { GroupsTab } from './groups-tab';
import { NotesTab } from './notes-tab';
import { PunishmentsTab } from './punishments-tab';
import { SessionsTab } from './sessions-tab';
import { StatisticsTab } from './statistics-tab';
import { WatchToggle } from './watch-toggle';

export const PROFILE_TABS = [
  'statistics',
  'groups',
  'activity',
  'sessions',
  'punishments',
  'chat',
  'notes',
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

const TAB_ITEMS: TabItem<ProfileTab>[] = [
  { id: 'statistics', label: 'Statistics' },
  { id: 'groups', label: 'Groups' },
  { id: 'activity', label: 'Activity' },
  { id: 'sessions', label: 'Sessions' },
  { id: 'punishments', label: 'Punishments' },
  { id: 'chat', label: 'Chat Logs' },
  { id: 'notes', label: 'Notes' },
];

type PanelProps = { profile: PlayerProfile; networkId: string; refreshing: boolean };

const PANELS: Record<ProfileTab, (props: PanelProps) => ReactNode> = {
  statistics: StatisticsTab,
  groups: GroupsTab,
  activity: ActivityTab,
  sessions: SessionsTab,
  punishments: PunishmentsTab,
  chat: ChatTab,
  notes: NotesTab,
};

/** The tabs the profile has data for: Notes only when the API sent them (moderators and up). */
const tabsOf = (profile: PlayerProfile): TabItem<ProfileTab>[] =>
  TAB_ITEMS.filter((item) => item.id !== 'notes' || profile.notes !== undefined);

/** /networks/:networkId/profile/:steamId */
export default function PlayerProfilePage() {
  const { networkId = '', steamId = '' } = useParams();
  const [tab, setTab] = useState<ProfileTab>('statistics');
  const { data, error, isLoading, isFetching, refetch } = useGetPlayerProfileQuery(
    { networkId, steamId },
    { skip: !networkId || !steamId },
  );
  const backLink = (
    <Link className="pl-back" to={paths.network(networkId)}>
      ← Back to Network
    </Link>
  );

  if (isLoading) return <Spinner label="Loading player…" showLabel size="lg" />;
  if (error || !data) {
    const notFound = apiErrorStatus(error) === 404;
    return (
      <section className="op-page pl-page">
        {backLink}
        <ErrorState
          title={notFound ? 'Player not found' : 'Failed to load player'}
          message={notFound ? 'No player with this Steam ID has joined this network.' : apiErrorText(error)}
          retryLabel="Retry"
          onRetry={notFound ? undefined : () => void refetch()}
        />
      </section>
    );
  }

  const { player } = data;
  const tabs = tabsOf(data);
  const shown = tabs.some((item) => item.id === tab) ? tab : 'statistics';
  const Panel = PANELS[shown];
  return (
    <section className="op-page pl-page" aria-labelledby="player-profile-title">
      {backLink}
      <PlayerIdentity
        player={player}
        level={1}
        headingId="player-profile-title"
        action={<WatchToggle networkId={networkId} steamId={player.steamId} />}
      />
      <DiscordLinkSection networkId={networkId} steamId={player.steamId} playerName={player.displayName} />
      <Tabs label="Player profile sections" tabs={tabs} value={shown} onChange={setTab}>
        <Panel profile={data} networkId={networkId} refreshing={isFetching} />
      </Tabs>
    </section>
  );
}
