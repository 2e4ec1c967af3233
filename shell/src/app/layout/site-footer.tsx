import { useClientConfig } from '@outpost/api-client';
import { FOOTER_GROUPS, FOOTER_PAGE_TITLES, paths } from '@outpost/contracts';
import { Link } from '@outpost/router';
import { VersionsList } from '../../remotes/versions-list';

/** The public pages' footer: every footer page, and the operator's community chat when one is set. */
export const SiteFooter = () => {
  const { community } = useClientConfig();
  return (
    <footer className="op-footer">
      <p className="op-footer__brand">Outpost — the control panel for Rust server admins.</p>
      {FOOTER_GROUPS.map((group) => (
        <nav key={group.title} aria-label={group.title} className="op-footer__group">
          <h2>{group.title}</h2>
          <ul>
            {group.pages.map((page) => (
              <li key={page}>
                <Link to={paths.footer(page)}>{FOOTER_PAGE_TITLES[page]}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ))}
      {community.inviteUrl && (
        <p>
          <a href={community.inviteUrl} target="_blank" rel="noreferrer">
            Community chat
          </a>
        </p>
      )}
      <VersionsList />
    </footer>
  );
};
