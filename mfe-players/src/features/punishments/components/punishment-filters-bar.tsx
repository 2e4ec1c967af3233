import { PUNISHMENT_KINDS, PUNISHMENT_SEARCH_MAX_LENGTH, PUNISHMENT_STATES } from '@outpost/contracts';
import { SearchField, SelectField } from '@outpost/ui';
import type { PunishmentFilters } from '../hooks/use-punishment-filters';
import { KIND_FILTER_LABELS, STATE_LABELS } from '../utils/punishment-labels';

/** Typing pauses this long before the list asks again. */
export const PUNISHMENT_SEARCH_DEBOUNCE_MS = 300;

const KIND_OPTIONS = [
  { value: '', label: 'All kinds' },
  ...PUNISHMENT_KINDS.map((kind) => ({ value: kind, label: KIND_FILTER_LABELS[kind] })),
] as const;

const STATE_OPTIONS = [
  { value: '', label: 'All states' },
  ...PUNISHMENT_STATES.map((state) => ({ value: state, label: STATE_LABELS[state].label })),
] as const;

export type PunishmentFiltersBarProps = {
  filters: PunishmentFilters;
  onChange: (changes: Partial<PunishmentFilters>) => void;
};

/** Kind, state and a search by name or Steam ID, all kept in the address. */
export const PunishmentFiltersBar = ({ filters, onChange }: PunishmentFiltersBarProps) => (
  <div className="pl-toolbar">
    <SearchField
      className="pl-search"
      label="Search"
      placeholder="Player name or Steam ID"
      maxLength={PUNISHMENT_SEARCH_MAX_LENGTH}
      value={filters.search}
      delayMs={PUNISHMENT_SEARCH_DEBOUNCE_MS}
      onSearch={(search) => onChange({ search })}
    />
    <SelectField
      label="Kind"
      value={filters.kind}
      options={KIND_OPTIONS}
      onChange={(kind) => onChange({ kind })}
    />
    <SelectField
      label="State"
      value={filters.state}
      options={STATE_OPTIONS}
      onChange={(state) => onChange({ state })}
    />
  </div>
);
