import { selectIsSignedIn, useAppSelector } from '@outpost/api-client';
import { paths } from '@outpost/contracts';
import { Link } from '@outpost/router';

export type GetStartedLinkProps = { size: 'md' | 'lg' };

/** Get Started for a visitor (to sign in); a signed-in user has started: Open dashboard. */
export const GetStartedLink = ({ size }: GetStartedLinkProps) => {
  const signedIn = useAppSelector(selectIsSignedIn);
  const className = `op-btn op-btn--primary op-btn--${size}`;
  return signedIn ? (
    <Link className={className} to={paths.dashboard()}>
      Open dashboard
    </Link>
  ) : (
    <Link className={className} to={paths.login()}>
      Get Started
    </Link>
  );
};
