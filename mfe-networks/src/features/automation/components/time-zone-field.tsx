import { TextField } from '@outpost/ui';
import { useId } from 'react';
import { browserTimeZone } from '../utils/schedule-preview';

/** Every IANA zone this browser knows, offered as the field is typed. */
const ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

export type TimeZoneFieldProps = {
  label?: string;
  value: string;
  onChange: (zone: string) => void;
  error?: string;
};

/** An IANA time zone, typed or picked from the browser's list; the browser's own is named. */
export const TimeZoneField = ({ label = 'Time zone', value, onChange, error }: TimeZoneFieldProps) => {
  const listId = useId();
  return (
    <>
      <TextField
        label={label}
        value={value}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        hint={`Your browser's time zone is ${browserTimeZone()}.`}
        error={error}
        aria-required
      />
      <datalist id={listId}>
        {ZONES.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
};
