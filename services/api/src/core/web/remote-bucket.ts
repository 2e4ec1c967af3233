import { createHash, randomInt } from 'node:crypto';
import type { Request, Response } from 'express';

/** The browser's canary bucket (0-99), kept a year so a visitor sees the same builds on every visit. */
export const REMOTES_BUCKET_COOKIE = 'outpost_remotes_bucket';
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A signed-in user's bucket: the same in every browser they use. */
export const userBucket = (userId: string): number =>
  createHash('sha256').update(`remotes:${userId}`).digest().readUInt32BE(0) % 100;

/** The bucket this browser was given, or a new one (set as a cookie on the answer). */
export const browserBucket = (request: Request, response: Response, secure: boolean): number => {
  const cookies = request.cookies as Record<string, string | undefined> | undefined;
  const kept = cookies?.[REMOTES_BUCKET_COOKIE];
  if (kept && /^\d{1,2}$/.test(kept)) return Number(kept);
  const bucket = randomInt(100);
  response.cookie(REMOTES_BUCKET_COOKIE, String(bucket), {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: YEAR_MS,
    path: '/',
  });
  return bucket;
};
