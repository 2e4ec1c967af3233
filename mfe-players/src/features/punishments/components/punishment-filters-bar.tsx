import { PUNISHMENT_KINDS, PUNISHMENT_SEARCH_MAX_LENGTH, PUNISHMENT_STATES } from '@outpost/contracts';
import { TextField } from '@outpost/ui';
import { useEffect, useState } from 'react';
import type { PunishmentFilters } from '../hooks/use-area-params';
import { KIND_FILTER_LABELS, STATE_LABELS } from '../utils/punishment-labels';
import { SelectField } from './select-field';

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

type SearchFieldProps = { value: string; onChange: PunishmentFiltersBarProps['onChange'] };

/** What is typed shows at once, and reaches the address (and the query) after a pause. */
const SearchField = ({ value, onChange }: SearchFieldProps) => {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  // The address changed from elsewhere (Clear filters, Back): the box follows it.
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  useEffect(() => {
    if (draft.trim() === value) return undefined;
    const timer = setTimeout(() => onChange({ search: draft.trim() }), PUNISHMENT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onChange]);
  return (
    <TextField
      className="pl-search"
      label="Search"
      type="search"
      placeholder="Player name or Steam ID"
      maxLength={PUNISHMENT_SEARCH_MAX_LENGTH}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
    />
  );
};

/** Kind, state and a search by name or Steam ID, all kept in the address. */
export const PunishmentFiltersBar = ({ filters, onChange }: PunishmentFiltersBarProps) => (
  <div className="pl-toolbar">
    <SearchField value={filters.search} onChange={onChange} />
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
