import { initials } from '@outpost/format';
import { cx } from './cx';

export type AvatarProps = {
  name?: string | null;
  email?: string | null;
  /** A picture; the initials show when there is none. */
  src?: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

export const Avatar = ({ name, email, src, size = 'md', className }: AvatarProps) => {
  const who = name?.trim() || email || 'User';
  return src ? (
    <img className={cx('op-avatar', `op-avatar--${size}`, className)} src={src} alt={who} />
  ) : (
    <span role="img" aria-label={who} className={cx('op-avatar', `op-avatar--${size}`, className)}>
      <span aria-hidden="true">{initials(name, email)}</span>
    </span>
  );
};
