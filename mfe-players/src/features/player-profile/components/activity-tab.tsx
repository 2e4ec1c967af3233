import type { PlayerActivityType, PlayerProfile } from '@outpost/contracts';
import { formatLastSeen } from '@outpost/format';
import { Badge, EmptyState, type BadgeTone } from '@outpost/ui';

const TYPES: Record<PlayerActivityType, { label: string; tone: BadgeTone }> = {
  connect: { label: 'Connected', tone: 'success' },
  disconnect: { label: 'Disconnected', tone: 'neutral' },
  kill: { label: 'Kill', tone: 'warning' },
  death: { label: 'Death', tone: 'danger' },
  report: { label: 'Report', tone: 'info' },
};

export type ActivityTabProps = { profile: PlayerProfile };

export const ActivityTab = ({ profile: { activity } }: ActivityTabProps) =>
  activity.length === 0 ? (
    <EmptyState
      title="No activity yet"
      message="Joins, leaves, kills and reports appear here as the servers report them."
    />
  ) : (
    <ol className="pl-list pl-timeline" aria-label="Activity">
      {activity.map((item) => (
        <li key={item.id}>
          <Badge tone={TYPES[item.type]?.tone ?? 'neutral'}>{TYPES[item.type]?.label ?? item.type}</Badge>
          <span>{item.description}</span>
          <span className="pl-muted">
            {item.serverName ? `${item.serverName} · ` : ''}
            <time dateTime={item.at}>{formatLastSeen(item.at)}</time>
          </span>
        </li>
      ))}
    </ol>
  );
