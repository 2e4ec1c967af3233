// The bodies of the channel routes. What a type needs (a URL, addresses) is checked against the
// channel as it will be stored (channel-checks.ts), the URL also by the egress policy.
import { ALERT_CHANNEL_TYPES, ALERT_LIMITS } from '@outpost/contracts';
import { enabledField, first, patchBody, text } from './fields';
import { z } from 'zod';

const { channelName, emails, url } = ALERT_LIMITS;

export const CHANNEL_MESSAGES = {
  type: `Type must be one of ${ALERT_CHANNEL_TYPES.join(', ')}`,
  nameRequired: 'Name is required',
  nameTooLong: `Name must be ${channelName} characters or less`,
  emails: 'Each address must be a valid e-mail address',
  emailsTooMany: `A channel reaches at most ${emails} addresses`,
  urlRequired: 'URL is required for this type of channel',
  url: 'URL must be an http:// or https:// address',
  urlTooLong: `URL must be ${url} characters or less`,
  enabled: 'Enabled must be true or false',
  nothingToChange: 'Send at least one of name, emails, url or enabled',
  panelOnce: 'This network already has a panel channel',
  typeStays: 'The type of a channel cannot change: add a channel of the other type',
} as const;

const nameSchema = text(CHANNEL_MESSAGES.nameRequired)
  .trim()
  .min(1, first(CHANNEL_MESSAGES.nameRequired))
  .max(channelName, first(CHANNEL_MESSAGES.nameTooLong));
const emailsSchema = z
  .array(
    z
      .string({ error: CHANNEL_MESSAGES.emails })
      .trim()
      .max(254, { error: CHANNEL_MESSAGES.emails })
      .regex(z.regexes.email, { error: CHANNEL_MESSAGES.emails }),
    { error: CHANNEL_MESSAGES.emails },
  )
  .max(emails, { error: CHANNEL_MESSAGES.emailsTooMany })
  .optional();
const urlSchema = text(CHANNEL_MESSAGES.urlRequired, CHANNEL_MESSAGES.url)
  .trim()
  .min(1, first(CHANNEL_MESSAGES.urlRequired))
  .max(url, first(CHANNEL_MESSAGES.urlTooLong))
  .refine((value: string) => httpUrl(value) !== null, first(CHANNEL_MESSAGES.url))
  .optional();
const enabledSchema = enabledField(CHANNEL_MESSAGES.enabled);

/** The URL when it is an absolute http(s) one with a host, else null. */
export const httpUrl = (value: string): URL | null => {
  try {
    const parsed = new URL(value);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname ? parsed : null;
  } catch {
    return null;
  }
};

/** POST /api/networks/{id}/alert-channels (AlertChannelInput). */
export const createChannelSchema = z.strictObject({
  type: z.enum(ALERT_CHANNEL_TYPES, { error: CHANNEL_MESSAGES.type }),
  name: nameSchema,
  emails: emailsSchema,
  url: urlSchema,
  enabled: enabledSchema,
});
export type CreateChannelInput = z.output<typeof createChannelSchema>;

/** PATCH /api/networks/{id}/alert-channels/{channelId}: the type stays (sent, it must be the channel's). */
export const updateChannelSchema = patchBody(
  {
    type: z.enum(ALERT_CHANNEL_TYPES, { error: CHANNEL_MESSAGES.type }).optional(),
    name: nameSchema.optional(),
    emails: emailsSchema,
    url: urlSchema,
    enabled: enabledSchema,
  },
  CHANNEL_MESSAGES.nothingToChange,
);
export type UpdateChannelInput = z.output<typeof updateChannelSchema>;
