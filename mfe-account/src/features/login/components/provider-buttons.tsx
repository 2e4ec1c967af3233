import { oauthUrl, type OAuthProvider } from '../api/login.api';

const PROVIDERS: readonly { id: OAuthProvider; label: string }[] = [
  { id: 'discord', label: 'Discord' },
  { id: 'google', label: 'Google' },
  { id: 'github', label: 'GitHub' },
];

export type ProviderButtonsProps = { providers: readonly OAuthProvider[] };

/**
 * Full-page links: the API redirects to the provider and back to /auth/oauth/success or failure.
 * Only the providers this panel has configured (the others could only fail).
 */
export const ProviderButtons = ({ providers }: ProviderButtonsProps) => (
  <ul className="acc-providers" aria-label="Sign in with a provider">
    {PROVIDERS.filter((provider) => providers.includes(provider.id)).map((provider) => (
      <li key={provider.id}>
        <a
          className={`op-btn op-btn--secondary op-btn--md op-btn--block acc-provider acc-provider--${provider.id}`}
          href={oauthUrl(provider.id)}
        >
          Continue with {provider.label}
        </a>
      </li>
    ))}
  </ul>
);
