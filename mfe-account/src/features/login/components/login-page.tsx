import { paths } from '@outpost/contracts';
import { Button, Card, CardBody } from '@outpost/ui';
import { useNavigate } from '@outpost/router';
import { useClientConfig, useDemoSession } from '../api/login.api';
import { MagicLinkForm } from './magic-link-form';
import { ProviderButtons } from './provider-buttons';

/** The demo session, then the same completion as any sign-in (account, JWT). */
const useDemoSignIn = () => {
  const navigate = useNavigate();
  const demo = useDemoSession();
  const start = async () => {
    if (await demo.start()) navigate(paths.networks(), { replace: true });
  };
  return { start, busy: demo.busy, error: demo.error };
};

/**
 * /login: magic link by e-mail, the providers this panel has configured, and the demo when the
 * panel offers it.
 */
export default function LoginPage() {
  const { demo, signInProviders } = useClientConfig();
  const demoSignIn = useDemoSignIn();
  return (
    <section className="op-page acc-auth">
      <Card className="acc-auth__card">
        <CardBody>
          <h1 className="acc-auth__title">Sign in to Outpost</h1>
          <p className="acc-auth__lead">Manage your Rust servers, networks and players.</p>
          <MagicLinkForm />
          {signInProviders.length > 0 && (
            <>
              <p className="acc-divider">
                <span>or</span>
              </p>
              <ProviderButtons providers={signInProviders} />
            </>
          )}
          {demo && (
            <div className="acc-demo">
              <Button
                variant="ghost"
                block
                busy={demoSignIn.busy}
                busyLabel="Opening the demo…"
                onClick={() => void demoSignIn.start()}
              >
                View Live Demo
              </Button>
              {demoSignIn.error && (
                <p className="op-form-error" role="alert">
                  {demoSignIn.error.message}
                </p>
              )}
            </div>
          )}
        </CardBody>
      </Card>
    </section>
  );
}
