import { paths } from '@outpost/contracts';
import { Link } from '@outpost/router';

export const NotFoundPage = () => (
  <section className="op-page op-state" aria-labelledby="not-found-title">
    <p className="op-state__code" aria-hidden="true">
      404
    </p>
    <h1 id="not-found-title" className="op-state__title">
      Page not found
    </h1>
    <p className="op-state__message">The page you are looking for does not exist or has moved.</p>
    <Link className="op-btn op-btn--primary op-btn--md" to={paths.landing()}>
      Back to home
    </Link>
  </section>
);
