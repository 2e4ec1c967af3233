import type { DiscordSyncReport } from '@outpost/contracts';
import { formatTimestamp } from '@outpost/format';
import { Badge } from '@outpost/ui';
import { useGetDiscordRolesQuery } from '../api/discord.api';
import {
  CHANGE_STATUS_LABELS,
  CHANGE_STATUS_TONES,
  describeChange,
  SYNC_CAUSE_LABELS,
} from '../utils/discord-labels';

export type SyncReportProps = { networkId: string; report: DiscordSyncReport | null };

/** The last sync (Sync now's answer, or the panel's own every 10 minutes): who changed where, and how it went. */
export const SyncReport = ({ networkId, report }: SyncReportProps) => {
  const { data: roles = [] } = useGetDiscordRolesQuery(networkId);
  const roleName = (id: string) => roles.find((role) => role.id === id)?.name;
  return (
    <section className="dc-section" aria-labelledby="discord-sync-title">
      <h3 id="discord-sync-title">Last sync</h3>
      {!report ? (
        <p className="net-muted">
          Not synced yet. The panel puts roles and in-game groups in step every 10 minutes, on every link and
          unlink, and at once with Sync now.
        </p>
      ) : (
        <>
          <p className="dc-sync__facts">
            <time dateTime={report.at}>{formatTimestamp(report.at)}</time>
            <span>{SYNC_CAUSE_LABELS[report.cause]}</span>
            <span>
              {report.membersRead} {report.membersRead === 1 ? 'member' : 'members'} read
            </span>
          </p>
          {report.changes.length === 0 ? (
            <p>Nothing to change: everything was already in step.</p>
          ) : (
            <ul className="dc-changes" aria-label="Changes">
              {report.changes.map((change, index) => (
                <li key={`${change.commandId ?? change.kind}-${index}`} className="dc-change">
                  <span>{describeChange(change, roleName)}</span>
                  <Badge tone={CHANGE_STATUS_TONES[change.status]}>
                    {CHANGE_STATUS_LABELS[change.status]}
                  </Badge>
                  {change.detail && <span className="dc-change__detail">{change.detail}</span>}
                </li>
              ))}
            </ul>
          )}
          {report.errors.length > 0 && (
            <>
              <h4>Errors</h4>
              <ul className="dc-errors" aria-label="Sync errors">
                {report.errors.map((error, index) => (
                  <li key={index}>{error}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
};
