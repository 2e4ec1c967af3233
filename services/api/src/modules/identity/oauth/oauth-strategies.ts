import type { Request } from 'express';
import passport from 'passport';
import { Strategy as OAuth2Strategy, type VerifyCallback } from 'passport-oauth2';
import {
  configuredOAuthProviders,
  OAUTH_PROVIDERS,
  type AppConfig,
  type OAuthProviderName,
} from '../../../core/config';
import { fetchOAuthProfile, OAUTH_SCOPES, type OAuthProfile } from './oauth-profiles';
import type { OAuthStateStore } from './oauth-state';

export const strategyName = (provider: OAuthProviderName): string => `outpost-${provider}`;

export const callbackUrl = (config: AppConfig, provider: OAuthProviderName): string =>
  `${config.publicUrl}/v1/account/sessions/oauth2/callback/${provider}`;

export const isConfigured = (config: AppConfig, provider: OAuthProviderName): boolean =>
  configuredOAuthProviders(config.identity).includes(provider);

/** passport-oauth2 with the provider's profile endpoint (URLs from configuration). */
class ProviderStrategy extends OAuth2Strategy {
  constructor(
    private readonly provider: OAuthProviderName,
    private readonly config: AppConfig,
    store: OAuthStateStore,
  ) {
    const settings = config.identity.oauth[provider];
    super(
      {
        authorizationURL: settings.authorizeUrl,
        tokenURL: settings.tokenUrl,
        clientID: settings.clientId ?? '',
        clientSecret: settings.clientSecret ?? '',
        callbackURL: callbackUrl(config, provider),
        scope: OAUTH_SCOPES[provider],
        store: store as never,
        // GitHub answers the token request as a form unless asked for JSON.
        customHeaders: { Accept: 'application/json' },
      },
      (_accessToken: string, _refreshToken: string, profile: OAuthProfile, done: VerifyCallback) =>
        done(null, profile),
    );
    this.name = strategyName(provider);
  }

  override userProfile(accessToken: string, done: (error: unknown, profile?: unknown) => void): void {
    fetchOAuthProfile(this.provider, this.config.identity.oauth[this.provider], accessToken).then(
      (profile) => done(null, profile),
      (error: unknown) => done(error),
    );
  }
}

/** Registers a strategy for every configured provider; answers which ones are on. */
export const registerOAuthStrategies = (config: AppConfig, store: OAuthStateStore): OAuthProviderName[] => {
  const enabled = OAUTH_PROVIDERS.filter((provider) => isConfigured(config, provider));
  for (const provider of enabled)
    passport.use(strategyName(provider), new ProviderStrategy(provider, config, store));
  return enabled;
};

export type PassportOutcome =
  | { kind: 'responded' }
  | { kind: 'done'; error: unknown; profile: OAuthProfile | false; info: { message?: string } | undefined };

/**
 * Runs passport's authenticate on one request: at the start it redirects to the provider
 * ('responded'); at the callback it checks the state, exchanges the code and fetches the profile.
 */
export const runPassport = (provider: OAuthProviderName, request: Request): Promise<PassportOutcome> =>
  new Promise((resolve) => {
    const response = request.res!;
    const responded = () => resolve({ kind: 'responded' });
    response.once('finish', responded);
    const done = (error: unknown, profile: OAuthProfile | false, info?: { message?: string }) => {
      response.off('finish', responded);
      resolve({ kind: 'done', error, profile, info });
    };
    passport.authenticate(strategyName(provider), { session: false }, done)(
      request,
      response,
      (error: unknown) => done(error, false),
    );
  });
