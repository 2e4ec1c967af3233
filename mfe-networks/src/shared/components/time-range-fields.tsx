import { TextField } from '@outpost/ui';

export type TimeRange = { from: string; to: string };

export type TimeRangeFieldsProps = {
  /** datetime-local values (the browser's local time), '' when not set. */
  value: TimeRange;
  onChange: (changes: Partial<TimeRange>) => void;
};

/** From and To of a list's filters; each bounds the other's picker. */
export const TimeRangeFields = ({ value, onChange }: TimeRangeFieldsProps) => (
  <>
    <TextField
      label="From"
      type="datetime-local"
      value={value.from}
      max={value.to || undefined}
      onChange={(event) => onChange({ from: event.target.value })}
    />
    <TextField
      label="To"
      type="datetime-local"
      value={value.to}
      min={value.from || undefined}
      onChange={(event) => onChange({ to: event.target.value })}
    />
  </>
);
