import type { ComponentPropsWithRef } from 'react';
import { cx } from './cx';
import { SpinnerIcon } from './spinner';

export const BUTTON_VARIANTS = ['primary', 'secondary', 'danger', 'ghost'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export const BUTTON_SIZES = ['sm', 'md', 'lg'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and announces `busyLabel` while an action runs. */
  busy?: boolean;
  /** Replaces the text while busy, e.g. "Saving…"; the text stays as is when left out. */
  busyLabel?: string;
  /** Makes the button as wide as its container. */
  block?: boolean;
};

export const Button = ({
  variant = 'primary',
  size = 'md',
  busy = false,
  busyLabel,
  block = false,
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) => (
  <button
    {...rest}
    type={type}
    disabled={disabled || busy}
    aria-busy={busy || undefined}
    className={cx('op-btn', `op-btn--${variant}`, `op-btn--${size}`, block && 'op-btn--block', className)}
  >
    {busy && <SpinnerIcon className="op-btn__spinner" />}
    {busy && busyLabel ? busyLabel : children}
  </button>
);
