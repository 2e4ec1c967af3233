import { useId, type ReactNode } from 'react';
import { cx } from './cx';

// The label, hint and error around a form control, shared by the fields of this library.

export type FieldOwnProps = {
  label: ReactNode;
  /** Help shown under the field, e.g. "Search by player name, Steam ID, or IP address". */
  hint?: ReactNode;
  /** Validation message; marks the field invalid and is read out with it. */
  error?: ReactNode;
};

/** Ids and ARIA wiring shared by the fields: the hint and the error describe the control. */
export const useFieldIds = (
  id: string | undefined,
  hint: ReactNode,
  error: ReactNode,
  describedBy?: string,
) => {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const ids = [describedBy, hintId, errorId].filter(Boolean).join(' ');
  return { controlId, hintId, errorId, describedBy: ids || undefined };
};

export type FieldFrameProps = FieldOwnProps & {
  controlId: string;
  hintId?: string;
  errorId?: string;
  className?: string;
  children: ReactNode;
};

export const FieldFrame = ({
  controlId,
  label,
  hint,
  hintId,
  error,
  errorId,
  className,
  children,
}: FieldFrameProps) => (
  <div className={cx('op-field', Boolean(error) && 'op-field--invalid', className)}>
    <label className="op-field__label" htmlFor={controlId}>
      {label}
    </label>
    {children}
    {hint && (
      <p id={hintId} className="op-field__hint">
        {hint}
      </p>
    )}
    {error && (
      <p id={errorId} className="op-field__error">
        {error}
      </p>
    )}
  </div>
);
