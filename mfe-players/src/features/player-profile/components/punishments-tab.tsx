import type { PlayerProfile, PunishmentType } from '@outpost/contracts';
import { formatDate, formatLastSeen } from '@outpost/format';
import { Badge, EmptyState, type BadgeTone } from '@outpost/ui';
import { DeliveryState, ServerDeliveries } from '../../../shared/components/delivery-state';
import { timeLeftLabel } from '../../../shared/utils/time-left';

const TYPES: Record<PunishmentType, { label: string; tone: BadgeTone }> = {
  kick: { label: 'Kick', tone: 'warning' },
  warn: { label: 'Warning', tone: 'info' },
  ban: { label: 'Ban', tone: 'danger' },
  unban: { label: 'Unban', tone: 'success' },
};

export type PunishmentsTabProps = { profile: PlayerProfile };

export const PunishmentsTab = ({ profile: { player, punishments } }: PunishmentsTabProps) =>
  punishments.length === 0 ? (
    <EmptyState title="No punishments" message="This player has never been kicked, warned or banned." />
  ) : (
    <div className="pl-table-wrap">
      <table className="pl-table" aria-label="Punishments">
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Reason</th>
            <th scope="col">Issued By</th>
            <th scope="col">Server</th>
            <th scope="col">When</th>
            <th scope="col">Expires</th>
            <th scope="col">Delivery</th>
          </tr>
        </thead>
        <tbody>
          {punishments.map((punishment) => (
            <tr key={punishment.id}>
              <td>
                <Badge tone={TYPES[punishment.type]?.tone ?? 'neutral'}>
                  {TYPES[punishment.type]?.label ?? punishment.type}
                </Badge>
                {punishment.active && <Badge tone="danger">Active</Badge>}
              </td>
              <td>{punishment.reason}</td>
              <td>{punishment.issuedBy ?? 'Game server'}</td>
              <td>{punishment.serverName ?? '—'}</td>
              <td>{formatLastSeen(punishment.issuedAt)}</td>
              <td>
                {punishment.type !== 'ban' ? (
                  '—'
                ) : punishment.expiresAt ? (
                  <>
                    {formatDate(punishment.expiresAt)}
                    {punishment.active && (
                      <div className="pl-muted">
                        {timeLeftLabel((Date.parse(punishment.expiresAt) - Date.now()) / 1000)}
                      </div>
                    )}
                  </>
                ) : (
                  'Permanent'
                )}
              </td>
              <td>
                {punishment.type === 'kick' || punishment.type === 'warn' ? (
                  // Whether the game server carried it out.
                  <DeliveryState delivery={punishment.delivery} />
                ) : (
                  // A ban (or unban): whether it reached the game, server by server.
                  <ServerDeliveries
                    deliveries={punishment.deliveries}
                    label={`Where the ${TYPES[punishment.type].label.toLowerCase()} of ${player.displayName} was sent`}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
