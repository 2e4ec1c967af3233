// A schedule's cron expression read back in words, as the Automation tab shows it beside the
// expression ("At 18:00 (Europe/Berlin)"). cronstrue reads it; whether it is a valid 5-field
// expression is @outpost/validation's call (croner), not this one's.
import cronstrue from 'cronstrue';

/** The cron expression in words with its time zone; '' for an expression cronstrue cannot read. */
export const describeSchedule = (cron: string, timezone: string): string => {
  try {
    const words = cronstrue.toString(cron.trim(), { use24HourTimeFormat: true });
    return timezone ? `${words} (${timezone})` : words;
  } catch {
    return '';
  }
};
