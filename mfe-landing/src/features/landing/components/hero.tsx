import { selectIsSignedIn, useAppSelector, useClientConfig } from '@outpost/api-client';
import { paths } from '@outpost/contracts';
import { Button } from '@outpost/ui';
import { Link } from '@outpost/router';
import { useDemoSignIn } from '../hooks/use-demo-sign-in';

declare const OUTPOST_BUILD_MARKER: string;

export const Hero = () => {
  const signedIn = useAppSelector(selectIsSignedIn);
  const { demo } = useClientConfig();
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
        <Link className="op-btn op-btn--primary op-btn--lg" to={signedIn ? paths.networks() : paths.login()}>
          Get Started
        </Link>
        {/* There is no time-limited trial: signing up puts an account on Free, for good. */}
        <Link
          className="op-btn op-btn--secondary op-btn--lg"
          to={paths.login()}
          aria-describedby="hero-trial-note"
        >
          Start Free Trial
        </Link>
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
      <p id="hero-trial-note" className="op-hero__note">
        Start Free Trial signs you up on the Free plan: no card and no time limit.
        {demo && ' The live demo shows what Premium adds.'}
      </p>
      {demoSignIn.error && (
        <p className="op-form-error" role="alert">
          {demoSignIn.error}
        </p>
      )}
      {OUTPOST_BUILD_MARKER && <p className="op-hero__build">Build: {OUTPOST_BUILD_MARKER}</p>}
    </section>
  );
};
