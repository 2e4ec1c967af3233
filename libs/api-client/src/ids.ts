import { paths, SIGN_IN_PROVIDERS, type SignInProvider } from '@outpost/contracts';
import { getApiClientConfig } from './config';

/** Appwrite's id format (spec section 9): seconds and milliseconds in hex, then 7 random hex digits. */
export const uniqueId = (now: number = Date.now()): string => {
  const seconds = Math.floor(now / 1000).toString(16);
  const millis = (now % 1000).toString(16).padStart(5, '0');
  const random = Array.from(crypto.getRandomValues(new Uint8Array(7)), (b) => (b & 15).toString(16)).join('');
  return seconds + millis + random;
};

export const OAUTH_PROVIDERS = SIGN_IN_PROVIDERS;
export type OAuthProvider = SignInProvider;

const origin = (): string => (typeof location === 'undefined' ? '' : location.origin);

/**
 * Where the browser goes to sign in with a provider. The API redirects back to `success` or
 * `failure`, which must be on its allowed-origins list, so they default to this panel's own pages.
 */
export const oauthUrl = (
  provider: OAuthProvider,
  success: string = origin() + paths.oauthSuccess(),
  failure: string = origin() + paths.oauthFailure(),
): string => {
  const query = new URLSearchParams({ success, failure });
  return `${getApiClientConfig().baseUrl}/v1/account/sessions/oauth2/${encodeURIComponent(provider)}?${query}`;
};

/** The magic link points at this panel's handler unless told otherwise (spec section 7). */
export const magicLinkUrl = (): string => origin() + paths.magicLink();
