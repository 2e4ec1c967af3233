import {
  SIGN_IN_PROVIDERS,
  type ClientConfig,
  type PricingSettings,
  type SignInProvider,
} from '@outpost/contracts';
// Runtime configuration of the product client. The shell sets it once at boot from its runtime
// config, so the same remote build works against any panel without being rebuilt.

export type ApiClientConfig = Omit<
  ClientConfig,
  'publicUrl' | 'plans' | 'publicStats' | 'pricing' | 'signInProviders'
> & {
  /** Whether plans gate anything (PLANS); an older panel that does not say: on. */
  plans: boolean;
  /** The landing page shows the panel's live totals (PUBLIC_STATS). */
  publicStats: boolean;
  pricing: PricingSettings;
  /** An older panel that does not say which providers it has: all of them. */
  signInProviders: readonly SignInProvider[];
  /** Origin of the API; '' means the panel's own origin. */
  baseUrl: string;
  /** The panel's configured address (PUBLIC_URL); null until /client.json has said it. */
  publicUrl: string | null;
};

export const DEFAULT_API_KEY = 'outpost-web';
/** Where the JWT survives reloads; the base query falls back to it when the store has none. */
export const JWT_STORAGE_KEY = 'outpost.jwt';

const config: ApiClientConfig = {
  apiKey: DEFAULT_API_KEY,
  baseUrl: '',
  demo: false,
  community: { inviteUrl: null, widgetServerId: null },
  publicUrl: null,
  plans: true,
  publicStats: false,
  pricing: { premiumPrice: null, premiumSupport: null },
  signInProviders: SIGN_IN_PROVIDERS,
};

export const configureApiClient = (next: Partial<ApiClientConfig>): void => {
  if (next.apiKey !== undefined) config.apiKey = next.apiKey;
  if (next.demo !== undefined) config.demo = next.demo;
  if (next.community !== undefined) config.community = { ...next.community };
  if (next.baseUrl !== undefined) config.baseUrl = next.baseUrl.replace(/\/+$/, '');
  if (next.plans !== undefined) config.plans = next.plans;
  if (next.publicStats !== undefined) config.publicStats = next.publicStats;
  if (next.pricing !== undefined) config.pricing = { ...next.pricing };
  if (next.signInProviders !== undefined) config.signInProviders = [...next.signInProviders];
  if (next.publicUrl !== undefined) config.publicUrl = next.publicUrl?.replace(/\/+$/, '') || null;
};

export const getApiClientConfig = (): Readonly<ApiClientConfig> => ({ ...config });

/** The browser's runtime settings (set once at boot, before the first render). */
export const useClientConfig = (): Readonly<ApiClientConfig> => config;

/** localStorage is absent in Node and can throw in locked-down browsers; the JWT is then memory-only. */
const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

export const readStoredJwt = (): string | null => storage()?.getItem(JWT_STORAGE_KEY) ?? null;

export const writeStoredJwt = (jwt: string | null): void => {
  const s = storage();
  if (!s) return;
  if (jwt) s.setItem(JWT_STORAGE_KEY, jwt);
  else s.removeItem(JWT_STORAGE_KEY);
};
