import type { ReactNode } from 'react';
import { cx } from './cx';

export type StatCardProps = {
  label: string;
  value: ReactNode;
  /** Decorative; hidden from screen readers. */
  icon?: ReactNode;
  hint?: ReactNode;
  className?: string;
};

/** A figure with its label; a description list so the pair is read together. */
export const StatCard = ({ label, value, icon, hint, className }: StatCardProps) => (
  <dl className={cx('op-card', 'op-stat', className)}>
    {icon && (
      <div className="op-stat__icon" aria-hidden="true">
        {icon}
      </div>
    )}
    <dt className="op-stat__label">{label}</dt>
    <dd className="op-stat__value">{value}</dd>
    {hint && <dd className="op-stat__hint">{hint}</dd>}
  </dl>
);
