import { can, paths, type Network } from '@outpost/contracts';
import { Link } from '@outpost/router';
import { CardIconButton } from '../../../shared/components/card-icon-button';
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
        <CardIconButton
          icon="settings"
          label={`Settings for ${network.name}`}
          onClick={() => onSettings(network)}
        />
      )}
    </article>
  );
};
