import { useCallback } from 'react';
import { useSearchParams } from '@outpost/router';
import { useCreateSessionFromTokenMutation } from '../api/login.api';
import { SignInFailed, SignInProgress } from './sign-in-result';
import { useCompleteSignIn } from './use-complete-sign-in';

export const LINK_INCOMPLETE_MESSAGE =
  'This sign-in link is incomplete. Copy the whole link from the e-mail, or request a new one.';
export const LINK_USED_MESSAGE =
  'This sign-in link has expired or was already used. Each link works once and only for a short time. Request a new one to sign in.';

const MagicLinkSignIn = ({ userId, secret }: { userId: string; secret: string }) => {
  const [createSession] = useCreateSessionFromTokenMutation();
  const create = useCallback(
    () => createSession({ userId, secret }).unwrap(),
    [createSession, userId, secret],
  );
  const step = useCompleteSignIn(create);
  if (step.state === 'working') return <SignInProgress label="Signing you in…" />;
  const { status, message } = step.error;
  if (status === 401) return <SignInFailed title="This link no longer works" message={LINK_USED_MESSAGE} />;
  if (status === 429) return <SignInFailed title="Too many attempts" message={message} />;
  return <SignInFailed title="Sign-in failed" message={message} />;
};

/** /auth/magic-link?userId=…&secret=… — the link from the sign-in e-mail. */
export default function MagicLinkPage() {
  const [search] = useSearchParams();
  const userId = search.get('userId') ?? '';
  const secret = search.get('secret') ?? '';
  if (!userId || !secret)
    return <SignInFailed title="This link is incomplete" message={LINK_INCOMPLETE_MESSAGE} />;
  return <MagicLinkSignIn userId={userId} secret={secret} />;
}
