import { OAUTH_FAILURE_MESSAGES } from '@outpost/contracts';
import { useSearchParams } from '@outpost/router';
import { SignInFailed } from './sign-in-result';

const PROVIDER_LABELS: Record<string, string> = { discord: 'Discord', google: 'Google', github: 'GitHub' };

/** The text for the API's ?reason=<code>; an unknown reason is shown as sent. */
export const oauthFailureMessage = (reason: string | null): string => {
  if (!reason) return 'The sign-in did not complete. Please try again.';
  return Object.hasOwn(OAUTH_FAILURE_MESSAGES, reason)
    ? OAUTH_FAILURE_MESSAGES[reason as keyof typeof OAUTH_FAILURE_MESSAGES]
    : reason;
};

/** /auth/oauth/failure?reason=…&provider=… */
export default function OAuthFailurePage() {
  const [search] = useSearchParams();
  const provider = PROVIDER_LABELS[search.get('provider') ?? ''];
  return (
    <SignInFailed
      title={provider ? `Sign-in with ${provider} failed` : 'Sign-in failed'}
      message={oauthFailureMessage(search.get('reason'))}
    />
  );
}
