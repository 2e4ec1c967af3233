import { paths } from '@outpost/contracts';
import { Card, CardBody, ErrorState, Spinner } from '@outpost/ui';
import { Link } from '@outpost/router';

export type SignInProgressProps = { label: string };

/** While a session is being completed. */
export const SignInProgress = ({ label }: SignInProgressProps) => (
  <section className="op-page acc-auth">
    <Card className="acc-auth__card">
      <CardBody className="acc-progress">
        <h1 className="acc-auth__title">{label}</h1>
        <Spinner label={label} size="lg" />
      </CardBody>
    </Card>
  </section>
);

export type SignInFailedProps = { title: string; message: string };

/** A sign-in that cannot go on, with the way back to /login. */
export const SignInFailed = ({ title, message }: SignInFailedProps) => (
  <section className="op-page acc-auth">
    <Card className="acc-auth__card">
      <CardBody>
        <h1 className="op-sr-only">Sign-in</h1>
        <ErrorState
          title={title}
          message={message}
          action={
            <Link className="op-btn op-btn--primary op-btn--md" to={paths.login()}>
              Back to sign in
            </Link>
          }
        />
      </CardBody>
    </Card>
  </section>
);
