import { cx } from './cx';

export type SpinnerProps = {
  /** What is loading, for screen readers (and shown when `showLabel`). */
  label?: string;
  showLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

/** The ring alone, for places (like a busy button) that announce themselves. */
export const SpinnerIcon = ({ className }: { className?: string }) => (
  <svg className={cx('op-spinner__ring', className)} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="3" strokeOpacity="0.25" />
    <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
  </svg>
);

export const Spinner = ({ label = 'Loading…', showLabel = false, size = 'md', className }: SpinnerProps) => (
  <span role="status" aria-label={label} className={cx('op-spinner', `op-spinner--${size}`, className)}>
    <SpinnerIcon />
    {showLabel && <span className="op-spinner__label">{label}</span>}
  </span>
);
