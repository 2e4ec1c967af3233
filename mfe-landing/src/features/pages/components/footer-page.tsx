import { useClientConfig } from '@outpost/api-client';
import { FOOTER_PAGES, paths, type FooterPage as FooterPageName } from '@outpost/contracts';
import { useLocation } from '@outpost/router';
import { pageContent } from '../content/pages';
import { StatusPage } from './status-page';

const pageFromPath = (pathname: string): FooterPageName | undefined =>
  FOOTER_PAGES.find((page) => pathname === `/${page}`);

/** /docs, /about, /blog, ...: short pages whose text lives in content/pages.ts, said as this panel is set. */
export default function FooterPage() {
  const page = pageFromPath(useLocation().pathname);
  const { community, plans, pricing } = useClientConfig();
  if (!page) return null;
  if (page === 'status') return <StatusPage />;
  const content = pageContent(page, {
    chat: community.inviteUrl !== null,
    plans,
    premiumPrice: pricing.premiumPrice,
  });
  return (
    <article className="op-page op-prose">
      <h1>{content.title}</h1>
      <p className="op-lead">{content.intro}</p>
      {content.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          <p>{section.body}</p>
        </section>
      ))}
      {(page === 'docs' || page === 'api') && (
        <p>
          <a className="op-link" href={paths.apiDocs()}>
            Open the OpenAPI documentation
          </a>
        </p>
      )}
    </article>
  );
}
