import type { Player } from '@outpost/contracts';
import { Avatar, Badge } from '@outpost/ui';
import type { ReactNode } from 'react';
import { PlayerStatus } from './player-status';

export type PlayerIdentityProps = {
  player: Player;
  /** The name's heading: h1 on the profile page, h3 inside the network's Players tab. */
  level: 1 | 3;
  headingId: string;
  /** E.g. a link to the full profile. */
  action?: ReactNode;
};

/** Avatar, name, Steam ID, status and the admin/moderator flags. */
export const PlayerIdentity = ({ player, level, headingId, action }: PlayerIdentityProps) => {
  const Heading = `h${level}` as const;
  return (
    <div className="pl-detail__header">
      <Avatar name={player.displayName} size="lg" />
      <div>
        <Heading id={headingId}>{player.displayName}</Heading>
        <p className="pl-mono pl-muted">{player.steamId}</p>
        <div className="pl-detail__tags">
          <PlayerStatus status={player.status} />
          {player.isAdmin && <Badge tone="danger">Admin</Badge>}
          {player.isModerator && <Badge tone="info">Moderator</Badge>}
        </div>
      </div>
      {action}
    </div>
  );
};
