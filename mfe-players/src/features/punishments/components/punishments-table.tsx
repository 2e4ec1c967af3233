import { DEMO_READ_ONLY_MESSAGE, paths, type PunishmentItem } from '@outpost/contracts';
import { formatDateTime, formatLastSeen } from '@outpost/format';
import { Link } from '@outpost/router';
import { Badge, Button } from '@outpost/ui';
import { DeliveryState, ServerDeliveries } from '../../../shared/components/delivery-state';
import { expiryText, KIND_LABELS, scopeText, STATE_LABELS, timeLeftText } from '../utils/punishment-labels';

export type PunishmentAction = 'edit' | 'lift';

export type PunishmentsTableProps = {
  networkId: string;
  punishments: readonly PunishmentItem[];
  /** The network's list names the server of a ban that holds on one server only. */
  networkView: boolean;
  /** Edit and Lift on active bans (players.moderate); no actions column without it. */
  onAction?: (action: PunishmentAction, punishment: PunishmentItem) => void;
  /** A newer read of the list is on its way. */
  busy?: boolean;
  /** The demo: the actions show, disabled, saying the demo is read-only. */
  readOnly?: boolean;
};

/** The demo's actions: shown, disabled, saying why. */
const lockedFor = (readOnly: boolean) => (readOnly ? { disabled: true, title: DEMO_READ_ONLY_MESSAGE } : {});

const Expires = ({ punishment }: { punishment: PunishmentItem }) => {
  const left = timeLeftText(punishment);
  return (
    <>
      {expiryText(punishment)}
      {left && <div className="pl-muted">{left}</div>}
    </>
  );
};

/**
 * Newest first: who, what, why, by whom, when, until when, where, whether it still holds (a ban)
 * and whether it reached the game (a kick's or warn's command; a ban's on each server).
 */
export const PunishmentsTable = ({
  networkId,
  punishments,
  networkView,
  onAction,
  busy = false,
  readOnly = false,
}: PunishmentsTableProps) => (
  <div className="pl-table-wrap">
    <table className="pl-table" aria-label="Punishments" aria-busy={busy || undefined}>
      <thead>
        <tr>
          <th scope="col">Player</th>
          <th scope="col">Kind</th>
          <th scope="col">Reason</th>
          <th scope="col">By</th>
          <th scope="col">When</th>
          <th scope="col">Expires</th>
          <th scope="col">Scope</th>
          <th scope="col">State</th>
          {onAction && (
            <th scope="col">
              <span className="op-sr-only">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {punishments.map((punishment) => {
          const { player, state } = punishment;
          const editable = punishment.kind === 'ban' && state === 'active';
          return (
            <tr key={punishment.id}>
              <td>
                <Link className="pl-player-link" to={paths.playerProfile(networkId, player.steamId)}>
                  {player.name ?? player.steamId}
                </Link>
                <div className="pl-mono pl-muted">{player.steamId}</div>
              </td>
              <td>
                <Badge tone={KIND_LABELS[punishment.kind].tone}>{KIND_LABELS[punishment.kind].label}</Badge>
              </td>
              <td className="pl-wrap">{punishment.reason}</td>
              <td>{punishment.issuedBy?.name ?? 'Game server'}</td>
              <td>
                <time dateTime={punishment.issuedAt} title={formatDateTime(punishment.issuedAt)}>
                  {formatLastSeen(punishment.issuedAt)}
                </time>
              </td>
              <td>
                <Expires punishment={punishment} />
              </td>
              <td>{scopeText(punishment, networkView)}</td>
              <td>
                {state ? (
                  <>
                    <Badge tone={STATE_LABELS[state].tone}>{STATE_LABELS[state].label}</Badge>
                    {/* A ban: whether it reached the game, server by server. */}
                    <ServerDeliveries
                      deliveries={punishment.deliveries}
                      label={`Where the ban of ${player.name ?? player.steamId} was sent`}
                    />
                  </>
                ) : (
                  // Kicks and warns: whether the game server carried them out.
                  <DeliveryState delivery={punishment.delivery} />
                )}
              </td>
              {onAction && (
                <td>
                  {editable && (
                    <div className="pl-row-actions">
                      <Button
                        variant="secondary"
                        size="sm"
                        {...lockedFor(readOnly)}
                        onClick={() => onAction('edit', punishment)}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="danger"
                        size="sm"
                        {...lockedFor(readOnly)}
                        onClick={() => onAction('lift', punishment)}
                      >
                        Lift
                      </Button>
                    </div>
                  )}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  </div>
);
