import type { ComponentPropsWithRef } from 'react';
import { cx } from './cx';

export const BADGE_TONES = ['neutral', 'accent', 'success', 'warning', 'danger', 'info'] as const;
export type BadgeTone = (typeof BADGE_TONES)[number];

export type BadgeProps = ComponentPropsWithRef<'span'> & { tone?: BadgeTone };

export const Badge = ({ tone = 'neutral', className, ...rest }: BadgeProps) => (
  <span {...rest} className={cx('op-badge', `op-badge--${tone}`, className)} />
);
