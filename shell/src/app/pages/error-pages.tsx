import { paths } from '@outpost/contracts';
import { Link } from '@outpost/router';

type ErrorPageProps = { title: string; message: string; code: string };

const ErrorPage = ({ title, message, code }: ErrorPageProps) => (
  <section className="op-page op-state" aria-labelledby="error-title">
    <p className="op-state__code" aria-hidden="true">
      {code}
    </p>
    <h1 id="error-title" className="op-state__title">
      {title}
    </h1>
    <p className="op-state__message">{message}</p>
    <div className="op-state__actions">
      <Link className="op-btn op-btn--primary op-btn--md" to={paths.landing()}>
        Back to home
      </Link>
      <Link className="op-btn op-btn--secondary op-btn--md" to={paths.login()}>
        Sign in
      </Link>
    </div>
  </section>
);

export const UnauthorizedPage = () => (
  <ErrorPage
    code="401"
    title="Unauthorized"
    message="You need to sign in with an account that may see this page."
  />
);

export const ServerErrorPage = () => (
  <ErrorPage
    code="500"
    title="Server error"
    message="Something went wrong on our side. Please try again shortly."
  />
);

/** The router's last resort when the shell itself fails to render a route. */
export const ShellCrashPage = () => (
  <ErrorPage code="500" title="Something went wrong" message="Reload the page to try again." />
);
