import { can, paths, type Network } from '@outpost/contracts';
import { Button } from '@outpost/ui';
import { Link } from 'react-router-dom';
import { RoleBadge } from '../../../shared/components/role-badge';
import { gradientStyle } from '../../../shared/utils/gradient';

export type NetworkCardProps = {
  network: Network;
  onSettings: (network: Network) => void;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The whole card opens the network (its title link stretches over it); settings for owner or admin. */
export const NetworkCard = ({ network, onSettings }: NetworkCardProps) => {
  const manages = can(network.role, 'members.view');
  return (
    <article className="op-card op-card--interactive net-card" aria-labelledby={`network-${network.id}`}>
      <div className="net-card__banner" style={gradientStyle(network.gradient)}>
        <RoleBadge role={network.role} />
      </div>
      <div className="net-card__body">
        <h2 className="net-card__title" id={`network-${network.id}`}>
          <Link className="net-card__link" to={paths.network(network.id)}>
            {network.name}
          </Link>
        </h2>
        <p className="net-card__description">{network.description}</p>
        <p className="net-card__counts">
          <span>{plural(network.serverCount, 'server', 'servers')}</span>
          <span>{plural(network.memberCount, 'member', 'members')}</span>
        </p>
      </div>
      {manages && (
        <Button
          variant="ghost"
          size="sm"
          className="net-card__settings"
          aria-label={`Settings for ${network.name}`}
          onClick={() => onSettings(network)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
            <path
              d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </Button>
      )}
    </article>
  );
};
