import { useClientConfig } from '@outpost/api-client';
import { paths, type FooterPage } from '@outpost/contracts';
import { Link } from '@outpost/router';
import { PAGE_TITLES } from '../../pages/content/pages';

const GROUPS: { title: string; pages: FooterPage[] }[] = [
  { title: 'Product', pages: ['docs', 'api', 'status'] },
  { title: 'Company', pages: ['about', 'blog', 'careers', 'contact'] },
  { title: 'Support', pages: ['help', 'privacy', 'terms'] },
];

export const LandingFooter = () => {
  const { community } = useClientConfig();
  return (
    <footer className="op-footer">
      <p className="op-footer__brand">Outpost — the control panel for Rust server admins.</p>
      {GROUPS.map((group) => (
        <nav key={group.title} aria-label={group.title} className="op-footer__group">
          <h2>{group.title}</h2>
          <ul>
            {group.pages.map((page) => (
              <li key={page}>
                <Link to={paths.footer(page)}>{PAGE_TITLES[page]}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ))}
      <p>
        <a href={community.inviteUrl} target="_blank" rel="noreferrer">
          Community chat
        </a>
      </p>
    </footer>
  );
};
