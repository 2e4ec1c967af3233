import {
  LOG_SEARCH_MAX_LENGTH,
  LOG_TYPE_LABELS,
  LOG_TYPES,
  type LogType,
  type Server,
} from '@outpost/contracts';
import { SearchField, SelectField } from '@outpost/ui';
import { TimeRangeFields } from '../../../shared/components/time-range-fields';
import type { LogFilterState } from '../utils/log-filters';

/** Typing pauses this long before the timeline asks again. */
export const LOG_SEARCH_DEBOUNCE_MS = 300;

export type LogFiltersBarProps = {
  filters: LogFilterState;
  onChange: (changes: Partial<LogFilterState>) => void;
  /** The network's servers: shown as a server filter (the server's own timeline has none). */
  servers?: readonly Server[];
  /** The kinds of line the viewer may read (console lines need console.read); all when absent. */
  types?: readonly LogType[];
};

const toggled = (types: readonly LogType[], type: LogType): LogType[] =>
  types.includes(type) ? types.filter((other) => other !== type) : [...types, type];

/** Chips per kind of line (all on at first), a search, a time range and, network-wide, a server. */
export const LogFiltersBar = ({ filters, onChange, servers, types = LOG_TYPES }: LogFiltersBarProps) => (
  <div className="net-logs__filters">
    <div className="net-logs__chips" role="group" aria-label="Kinds of line">
      {types.map((type) => (
        <button
          key={type}
          type="button"
          className="net-logs__chip"
          aria-pressed={filters.types.includes(type)}
          onClick={() => onChange({ types: toggled(filters.types, type) })}
        >
          {LOG_TYPE_LABELS[type]}
        </button>
      ))}
    </div>
    <div className="net-logs__fields">
      <SearchField
        className="net-logs__search"
        label="Search"
        placeholder="Player name, Steam ID or message"
        maxLength={LOG_SEARCH_MAX_LENGTH}
        value={filters.search}
        delayMs={LOG_SEARCH_DEBOUNCE_MS}
        onSearch={(search) => onChange({ search })}
      />
      <TimeRangeFields value={filters} onChange={onChange} />
      {servers && (
        <SelectField
          label="Server"
          value={filters.serverId}
          options={[
            { value: '', label: 'All servers' },
            ...servers.map((server) => ({ value: server.id, label: server.name })),
          ]}
          onChange={(serverId) => onChange({ serverId })}
        />
      )}
    </div>
  </div>
);
