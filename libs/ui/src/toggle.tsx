import { useId, type ReactNode } from 'react';
import { cx } from './cx';

export type ToggleProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  /** Said on hover of the switch: why it is disabled, e.g. "The demo is read-only". */
  title?: string;
  className?: string;
};

export const Toggle = ({
  checked,
  onChange,
  label,
  description,
  disabled,
  title,
  className,
}: ToggleProps) => {
  const id = useId();
  return (
    <div className={cx('op-toggle', className)}>
      <span className="op-toggle__text">
        <span id={`${id}-label`} className="op-toggle__label">
          {label}
        </span>
        {description && (
          <span id={`${id}-description`} className="op-toggle__description">
            {description}
          </span>
        )}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        title={title}
        className="op-toggle__switch"
        onClick={() => onChange(!checked)}
      >
        <span className="op-toggle__thumb" aria-hidden="true" />
      </button>
    </div>
  );
};
