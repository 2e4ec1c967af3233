import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from '@outpost/contracts';
import { useId } from 'react';
import { TimeRangeFields } from '../../../shared/components/time-range-fields';
import type { AuditFilterState } from '../utils/audit-filters';

export type AuditFiltersBarProps = {
  filters: AuditFilterState;
  onChange: (changes: Partial<AuditFilterState>) => void;
  /** Who acted in the entries read so far (removed members included). */
  actors: readonly { id: string; name: string }[];
};

/** Actor, action and a time range. */
export const AuditFiltersBar = ({ filters, onChange, actors }: AuditFiltersBarProps) => {
  const actorId = useId();
  const actionId = useId();
  return (
    <div className="net-logs__fields net-audit__filters">
      <div className="op-field">
        <label className="op-field__label" htmlFor={actorId}>
          Actor
        </label>
        <select
          id={actorId}
          className="op-input"
          value={filters.actorId}
          onChange={(event) => onChange({ actorId: event.target.value })}
        >
          <option value="">Everyone</option>
          {actors.map((actor) => (
            <option key={actor.id} value={actor.id}>
              {actor.name}
            </option>
          ))}
        </select>
      </div>
      <div className="op-field">
        <label className="op-field__label" htmlFor={actionId}>
          Action
        </label>
        <select
          id={actionId}
          className="op-input"
          value={filters.action}
          onChange={(event) => onChange({ action: event.target.value as AuditAction | '' })}
        >
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </select>
      </div>
      <TimeRangeFields value={filters} onChange={onChange} />
    </div>
  );
};
