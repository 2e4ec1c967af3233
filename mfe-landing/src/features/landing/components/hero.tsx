import { selectIsSignedIn, useAppSelector, useClientConfig } from '@outpost/api-client';
import { paths } from '@outpost/contracts';
import { Button } from '@outpost/ui';
import { Link } from '@outpost/router';
import { useDemoSignIn } from '../hooks/use-demo-sign-in';
import { GetStartedLink } from './get-started-link';

declare const OUTPOST_BUILD_MARKER: string;

/** What Start Free Trial starts, said under it: there is no time-limited trial. */
export const trialNote = (plans: boolean): string =>
  plans
    ? 'Starts a Free account: no card, no time limit.'
    : 'Starts an account with everything included: no card, no time limit.';

export const Hero = () => {
  const signedIn = useAppSelector(selectIsSignedIn);
  const { demo, plans } = useClientConfig();
  const demoSignIn = useDemoSignIn();
  return (
    <section className="op-hero" aria-labelledby="hero-title">
      <p className="op-hero__eyebrow">The control panel for Rust server admins</p>
      <h1 id="hero-title" className="op-hero__title">
        Run your Rust servers from one place
      </h1>
      <p className="op-hero__lead">
        Group your servers into networks, invite your staff with roles, and watch and moderate servers and
        players live. Self-hosted, open and fast.
      </p>
      <div className="op-hero__actions">
        <GetStartedLink size="lg" />
        {/* A signed-in user has an account: there is nothing for them to start. */}
        {!signedIn && (
          <div className="op-hero__cta">
            <Link
              className="op-btn op-btn--secondary op-btn--lg"
              to={paths.login()}
              aria-describedby="hero-trial-note"
            >
              Start Free Trial
            </Link>
            <p id="hero-trial-note" className="op-hero__cta-note">
              {trialNote(plans)}
            </p>
          </div>
        )}
        {demo ? (
          <Button
            variant="ghost"
            size="lg"
            busy={demoSignIn.busy}
            busyLabel="Starting demo..."
            onClick={demoSignIn.start}
          >
            View Live Demo
          </Button>
        ) : (
          <p className="op-hero__note">The live demo is turned off on this panel.</p>
        )}
      </div>
      {demo && plans && <p className="op-hero__note">The live demo shows what Premium adds.</p>}
      {demoSignIn.error && (
        <p className="op-form-error" role="alert">
          {demoSignIn.error}
        </p>
      )}
      {OUTPOST_BUILD_MARKER && <p className="op-hero__build">Build: {OUTPOST_BUILD_MARKER}</p>}
    </section>
  );
};
