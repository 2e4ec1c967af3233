import { AUDIT_ACTION_LABELS, auditDetailsText, type AuditEntry } from '@outpost/contracts';
import { formatDateTime, formatLastSeen, formatTimestamp } from '@outpost/format';

export type AuditTableProps = {
  entries: readonly AuditEntry[];
  label: string;
  serverName?: (id: string) => string | undefined;
};

/** Newest first: actor, action, target, details, time. */
export const AuditTable = ({ entries, label, serverName }: AuditTableProps) => (
  <div className="net-audit__scroll">
    <table className="net-audit__table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Actor</th>
          <th scope="col">Action</th>
          <th scope="col">Target</th>
          <th scope="col">Details</th>
          <th scope="col">Time</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td>{entry.actorName || entry.actorId}</td>
            <td>{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</td>
            <td>
              <span className="net-muted">{entry.targetType}</span> {entry.targetName}
            </td>
            <td className="net-audit__details">
              {auditDetailsText(entry, { serverName, time: formatDateTime })}
            </td>
            <td>
              <time dateTime={entry.createdAt} title={formatTimestamp(entry.createdAt)}>
                {formatLastSeen(entry.createdAt)}
              </time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);
