import type { AppConfig } from '../../core/config';
import { identityErrors } from './identity.errors';

const originOf = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
};

/** Whether a link or redirect may point at `url`: only the panel's allowed origins. */
export const isAllowedRedirect = (config: AppConfig, url: string): boolean => {
  const origin = originOf(url);
  return origin !== null && config.allowedOrigins.includes(origin);
};

/** 400 in Appwrite's words unless `url` is on the allow-list (ALLOWED_ORIGINS). */
export const assertAllowedRedirect = (config: AppConfig, param: string, url: string): void => {
  if (isAllowedRedirect(config, url)) return;
  throw identityErrors.redirectNotAllowed({ param, allowedOrigins: config.allowedOrigins });
};

/** `url` with `params` added to its query string. */
export const withQuery = (url: string, params: Record<string, string>): string => {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
};
