import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';

export type CardProps = ComponentPropsWithRef<'div'> & {
  /** Adds hover and focus styles for cards that open something. */
  interactive?: boolean;
};

export const Card = ({ interactive = false, className, ...rest }: CardProps) => (
  <div {...rest} className={cx('op-card', interactive && 'op-card--interactive', className)} />
);

export type CardHeaderProps = Omit<ComponentPropsWithRef<'div'>, 'title'> & {
  title?: ReactNode;
  /** Buttons or links shown at the end of the header. */
  actions?: ReactNode;
  /** Heading level of the title; pick the one that fits the page outline. */
  level?: 2 | 3 | 4;
};

export const CardHeader = ({ title, actions, level = 3, className, children, ...rest }: CardHeaderProps) => {
  const Heading = `h${level}` as const;
  return (
    <div {...rest} className={cx('op-card__header', className)}>
      {title !== undefined && <Heading className="op-card__title">{title}</Heading>}
      {children}
      {actions && <div className="op-card__actions">{actions}</div>}
    </div>
  );
};

export type CardBodyProps = ComponentPropsWithRef<'div'>;

export const CardBody = ({ className, ...rest }: CardBodyProps) => (
  <div {...rest} className={cx('op-card__body', className)} />
);
