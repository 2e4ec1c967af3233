import type { ReactNode } from 'react';
import { Button } from './button';
import { cx } from './cx';

export type EmptyStateProps = {
  title: string;
  message?: ReactNode;
  /** Usually a Button that creates the first item. */
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
};

export const EmptyState = ({ title, message, action, icon, className }: EmptyStateProps) => (
  <div className={cx('op-state', className)}>
    {icon && <div className="op-state__icon">{icon}</div>}
    <h3 className="op-state__title">{title}</h3>
    {message && <p className="op-state__message">{message}</p>}
    {action && <div className="op-state__action">{action}</div>}
  </div>
);

export type ErrorStateProps = {
  title?: string;
  /** The server's own text when there is one (spec section 8). */
  message?: ReactNode;
  onRetry?: () => void;
  /** The spec uses both "Try Again" and "Retry". */
  retryLabel?: string;
  /** Extra actions, e.g. a Back to Networks link. */
  action?: ReactNode;
  className?: string;
};

export const ErrorState = ({
  title = 'Something went wrong',
  message,
  onRetry,
  retryLabel = 'Try Again',
  action,
  className,
}: ErrorStateProps) => (
  <div role="alert" className={cx('op-state', 'op-state--error', className)}>
    <div className="op-state__icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="32" height="32" focusable="false">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </div>
    <h3 className="op-state__title">{title}</h3>
    {message && <p className="op-state__message">{message}</p>}
    {(onRetry || action) && (
      <div className="op-state__action">
        {onRetry && (
          <Button variant="secondary" onClick={onRetry}>
            {retryLabel}
          </Button>
        )}
        {action}
      </div>
    )}
  </div>
);
