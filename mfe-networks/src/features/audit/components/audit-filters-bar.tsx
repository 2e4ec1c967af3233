import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from '@outpost/contracts';
import { SelectField } from '@outpost/ui';
import { TimeRangeFields } from '../../../shared/components/time-range-fields';
import type { AuditFilterState } from '../utils/audit-filters';

const ACTION_OPTIONS = [
  { value: '', label: 'All actions' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
] as const;

export type AuditFiltersBarProps = {
  filters: AuditFilterState;
  onChange: (changes: Partial<AuditFilterState>) => void;
  /** Who acted in the entries read so far (removed members included). */
  actors: readonly { id: string; name: string }[];
};

/** Actor, action and a time range. */
export const AuditFiltersBar = ({ filters, onChange, actors }: AuditFiltersBarProps) => (
  <div className="net-logs__fields net-audit__filters">
    <SelectField
      label="Actor"
      value={filters.actorId}
      options={[
        { value: '', label: 'Everyone' },
        ...actors.map(({ id, name }) => ({ value: id, label: name })),
      ]}
      onChange={(actorId) => onChange({ actorId })}
    />
    <SelectField<AuditAction | ''>
      label="Action"
      value={filters.action}
      options={ACTION_OPTIONS}
      onChange={(action) => onChange({ action })}
    />
    <TimeRangeFields value={filters} onChange={onChange} />
  </div>
);
