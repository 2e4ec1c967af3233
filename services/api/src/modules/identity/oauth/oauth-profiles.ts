import type { OAuthProviderConfig, OAuthProviderName } from '../../../core/config';

/** What we keep from a provider account, the same for every provider. */
export type OAuthProfile = {
  provider: OAuthProviderName;
  providerUserId: string;
  email: string | null;
  /** Only a provider-verified e-mail may link to (or create) an account with that e-mail. */
  emailVerified: boolean;
  name: string;
  avatar: string | null;
};

/** The scopes each provider needs for the id, name and verified e-mail. */
export const OAUTH_SCOPES: Readonly<Record<OAuthProviderName, string[]>> = {
  discord: ['identify', 'email'],
  google: ['openid', 'email', 'profile'],
  github: ['read:user', 'user:email'],
};

type Json = Record<string, unknown>;

const getJson = async (url: string, accessToken: string): Promise<unknown> => {
  const response = await fetch(url, {
    headers: {
      Authorization: `Bearer ${accessToken}`,
      Accept: 'application/json',
      // GitHub refuses requests without a User-Agent.
      'User-Agent': 'Outpost',
    },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
};

const str = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

const required = (value: unknown, what: string): string => {
  const text = str(value);
  if (!text) throw new Error(`the provider profile has no ${what}`);
  return text;
};

const discord = (body: Json): OAuthProfile => {
  const id = required(body.id, 'id');
  const avatar = str(body.avatar);
  return {
    provider: 'discord',
    providerUserId: id,
    email: str(body.email),
    emailVerified: body.verified === true,
    name: str(body.global_name) ?? str(body.username) ?? '',
    avatar: avatar ? `https://cdn.discordapp.com/avatars/${id}/${avatar}.png` : null,
  };
};

const google = (body: Json): OAuthProfile => ({
  provider: 'google',
  providerUserId: required(body.sub, 'sub'),
  email: str(body.email),
  emailVerified: body.email_verified === true || body.email_verified === 'true',
  name: str(body.name) ?? '',
  avatar: str(body.picture),
});

type GithubEmail = { email?: unknown; primary?: unknown; verified?: unknown };

const github = (body: Json, emails: GithubEmail[]): OAuthProfile => {
  const verified = emails.filter((entry) => entry.verified === true && str(entry.email));
  const chosen = verified.find((entry) => entry.primary === true) ?? verified[0];
  return {
    provider: 'github',
    providerUserId: required(body.id, 'id'),
    // The public profile e-mail carries no verification flag: only /user/emails can vouch for one.
    email: str(chosen?.email) ?? str(body.email),
    emailVerified: chosen !== undefined,
    name: str(body.name) ?? str(body.login) ?? '',
    avatar: str(body.avatar_url),
  };
};

/** Fetches and normalises the signed-in provider account. */
export const fetchOAuthProfile = async (
  provider: OAuthProviderName,
  config: OAuthProviderConfig,
  accessToken: string,
): Promise<OAuthProfile> => {
  const body = (await getJson(config.profileUrl, accessToken)) as Json;
  if (provider === 'discord') return discord(body);
  if (provider === 'google') return google(body);
  const emails = config.emailsUrl ? await getJson(config.emailsUrl, accessToken) : [];
  return github(body, Array.isArray(emails) ? (emails as GithubEmail[]) : []);
};
