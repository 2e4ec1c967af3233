import { TextField } from '@outpost/ui';
import { useId } from 'react';
import { formatInZone, PREVIEW_RUNS, schedulePreview } from '../utils/schedule-preview';
import { Check, type FormPartProps } from './form-parts';
import { TimeZoneField } from './time-zone-field';

/** A schedule: its cron expression and zone, read back in words with its next five times as it is typed. */
export const ScheduleFields = ({ values, change, errors }: FormPartProps) => {
  const preview = schedulePreview(values.cron, values.timezone);
  const zone = values.timezone.trim();
  const runsId = useId();
  return (
    <div className="au-form__group">
      <div className="au-form__row">
        <TextField
          label="Cron expression"
          value={values.cron}
          placeholder="0 18 * * *"
          autoComplete="off"
          spellCheck={false}
          className="au-mono"
          onChange={(event) => change({ cron: event.target.value })}
          hint="Five fields: minute hour day-of-month month day-of-week."
          error={errors['schedule.cron'] ?? errors.schedule}
          aria-required
        />
        <TimeZoneField
          value={values.timezone}
          onChange={(timezone) => change({ timezone })}
          error={errors['schedule.timezone']}
        />
      </div>
      <section className="au-preview" aria-label="Schedule preview">
        {preview ? (
          <>
            <p className="au-preview__words">{preview.words}</p>
            <p className="net-muted" id={runsId}>
              Next {PREVIEW_RUNS} times ({zone}):
            </p>
            <ol className="au-preview__runs" aria-labelledby={runsId}>
              {preview.next.map((time) => (
                <li key={time.toISOString()}>
                  <time dateTime={time.toISOString()}>{formatInZone(time, zone)}</time>
                </li>
              ))}
            </ol>
          </>
        ) : (
          <p className="net-muted">The schedule reads back here, with its next times, once it is complete.</p>
        )}
      </section>
      <Check
        label="Only when the server is online"
        checked={values.onlyWhenOnline}
        onChange={(onlyWhenOnline) => change({ onlyWhenOnline })}
        hint="A server that is offline at the time is skipped (the run says so)."
      />
    </div>
  );
};
