import { SignInFailed, SignInProgress } from './sign-in-result';
import { useCompleteSignIn } from './use-complete-sign-in';

/** /auth/oauth/success: the API set the session cookie; load the account and go on. */
export default function OAuthSuccessPage() {
  const step = useCompleteSignIn();
  if (step.state === 'working') return <SignInProgress label="Finishing sign-in…" />;
  return (
    <SignInFailed
      title="Sign-in failed"
      message={
        step.error.status === 401
          ? 'The provider sign-in did not create a session. Please try again.'
          : step.error.message
      }
    />
  );
}
