import { selectAuthStatus, selectCurrentUser, useAppSelector, useClientConfig } from '@outpost/api-client';
import { useGetProfileQuery } from '@outpost/api-cache';
import { paths } from '@outpost/contracts';
import { initials } from '@outpost/format';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@outpost/router';
import { useSignOut } from '../auth/use-sign-out';

/** DEMO, the plan name in upper case, or FREE (spec: user menu). */
export const planBadge = (
  isDemo: boolean,
  profile: { isUpgraded: boolean; plan: string } | undefined,
): string => {
  if (isDemo) return 'DEMO';
  if (profile?.isUpgraded) return profile.plan.toUpperCase();
  return 'FREE';
};

export const UserMenu = () => {
  const user = useAppSelector(selectCurrentUser);
  const isDemo = useAppSelector(selectAuthStatus) === 'demo';
  const { data: profile } = useGetProfileQuery();
  const signOut = useSignOut();
  const { community } = useClientConfig();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const close = (event: MouseEvent) => {
      if (
        !menuRef.current?.contains(event.target as Node) &&
        !buttonRef.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  if (!user) return null;
  const badge = planBadge(isDemo, profile);
  const close = () => setOpen(false);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      close();
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    }
  };

  return (
    <div className="op-user-menu">
      <button
        ref={buttonRef}
        type="button"
        className="op-user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="op-avatar op-avatar--sm" aria-hidden="true">
          {initials(user.name, user.email)}
        </span>
        <span className="op-user-menu__name">{user.name || user.email}</span>
        <span className="op-badge op-badge--accent" data-testid="plan-badge">
          {badge}
        </span>
      </button>
      {open && (
        <div ref={menuRef} id={menuId} role="menu" className="op-menu" onKeyDown={onMenuKeyDown}>
          {!isDemo && !profile?.isUpgraded && (
            <Link role="menuitem" to={paths.plan()} onClick={close}>
              Upgrade to Pro
            </Link>
          )}
          <Link role="menuitem" to={paths.profile()} onClick={close}>
            Profile Settings
          </Link>
          <Link role="menuitem" to={paths.networks()} onClick={close}>
            Networks
          </Link>
          {/* The operator's chat only: a panel that names none offers none. */}
          {community.inviteUrl && (
            <a role="menuitem" href={community.inviteUrl} target="_blank" rel="noreferrer" onClick={close}>
              Join Discord
            </a>
          )}
          <button
            role="menuitem"
            type="button"
            onClick={() => {
              close();
              void signOut();
            }}
          >
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
};
