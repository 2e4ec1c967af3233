import type { PlayerProfile } from '@outpost/contracts';
import { Badge, EmptyState } from '@outpost/ui';

export type GroupsTabProps = { profile: PlayerProfile };

export const NO_GROUPS_MESSAGE = 'The game servers have reported no permission groups for this player.';

/** The permission groups the game servers report, and the admin/moderator flags. */
export const GroupsTab = ({ profile: { player, groups } }: GroupsTabProps) => {
  const flags = [player.isAdmin && 'Admin', player.isModerator && 'Moderator'].filter(
    (flag): flag is string => Boolean(flag),
  );
  return (
    <div className="pl-tab">
      {flags.length > 0 && (
        <p className="pl-detail__tags">
          {flags.map((flag) => (
            <Badge key={flag} tone={flag === 'Admin' ? 'danger' : 'info'}>
              {flag}
            </Badge>
          ))}
        </p>
      )}
      {groups.length > 0 ? (
        <ul className="pl-list" aria-label="Groups">
          {groups.map((group) => (
            <li key={group}>{group}</li>
          ))}
        </ul>
      ) : (
        <EmptyState title="No groups" message={NO_GROUPS_MESSAGE} />
      )}
    </div>
  );
};
