// Why a provider sign-in ended on /auth/oauth/failure: the API adds `?reason=<code>` (and
// `provider=<name>`), the failure page shows the message.

/** The providers a panel can offer for sign-in, in the order the login page lists them. */
export const SIGN_IN_PROVIDERS = ['discord', 'google', 'github'] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

export const OAUTH_FAILURE_MESSAGES = {
  provider_not_configured:
    'Sign-in with this provider is not set up on this panel. Use the e-mail link instead.',
  state_mismatch:
    'The sign-in could not be verified (it expired or was started elsewhere). Please try again.',
  email_unverified:
    'Your account with this provider has no verified e-mail address. Verify it there, or sign in with the e-mail link.',
  access_denied: 'The sign-in was cancelled.',
  provider_error: 'The provider could not complete the sign-in. Please try again.',
} as const;

export type OAuthFailureReason = keyof typeof OAUTH_FAILURE_MESSAGES;
