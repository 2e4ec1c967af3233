// PUT /api/servers/{id}/rcon and the "Let the panel connect" form: where the game server's
// WebRCON listens and its password. Loopback and private addresses are fine: RCON usually lives
// on the same host or a LAN, and only managers of the server's network can set it.
import { z } from 'zod';
import { isHost } from './address';
import { MESSAGES, RCON_LIMITS } from './messages';
import { first, text } from './text';

/** A bare IPv6 literal (`::1`) is written bracketed, as a URL needs it (`[::1]`). */
const bracketIpv6 = (host: string): string =>
  host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;

export const rconHostSchema = text(MESSAGES.rconHostRequired, MESSAGES.rconHostInvalid)
  .trim()
  .min(1, first(MESSAGES.rconHostRequired))
  .max(RCON_LIMITS.host, first(MESSAGES.rconHostTooLong))
  .transform(bracketIpv6)
  .refine(isHost, first(MESSAGES.rconHostInvalid));

export const rconPortSchema = z
  .number({ error: MESSAGES.rconPort })
  .int({ error: MESSAGES.rconPort })
  .min(1, { error: MESSAGES.rconPort })
  .max(65535, { error: MESSAGES.rconPort });

/** Kept as typed (a password may start or end with a space); NUL cannot travel in a WebRCON URL. */
export const rconPasswordSchema = text(MESSAGES.rconPasswordRequired, MESSAGES.rconPasswordInvalid)
  .min(1, first(MESSAGES.rconPasswordRequired))
  .max(RCON_LIMITS.password, first(MESSAGES.rconPasswordTooLong))
  .refine((password) => !password.includes('\u0000'), first(MESSAGES.rconPasswordInvalid));

export const putRconSchema = z.strictObject({
  host: rconHostSchema,
  port: rconPortSchema,
  password: rconPasswordSchema,
});

export type PutRconInput = z.output<typeof putRconSchema>;
