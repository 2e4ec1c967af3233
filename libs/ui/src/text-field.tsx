import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from './cx';

type FieldOwnProps = {
  label: ReactNode;
  /** Help shown under the field, e.g. "Search by player name, Steam ID, or IP address". */
  hint?: ReactNode;
  /** Validation message; marks the field invalid and is read out with it. */
  error?: ReactNode;
};

export type TextFieldProps = ComponentPropsWithRef<'input'> & FieldOwnProps;
export type TextAreaProps = ComponentPropsWithRef<'textarea'> & FieldOwnProps;

/** Ids and ARIA wiring shared by both fields: the hint and the error describe the control. */
const useFieldIds = (id: string | undefined, hint: ReactNode, error: ReactNode, describedBy?: string) => {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const ids = [describedBy, hintId, errorId].filter(Boolean).join(' ');
  return { controlId, hintId, errorId, describedBy: ids || undefined };
};

const FieldFrame = ({
  controlId,
  label,
  hint,
  hintId,
  error,
  errorId,
  className,
  children,
}: FieldOwnProps & {
  controlId: string;
  hintId?: string;
  errorId?: string;
  className?: string;
  children: ReactNode;
}) => (
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

export const TextField = ({ label, hint, error, id, className, ...rest }: TextFieldProps) => {
  const ids = useFieldIds(id, hint, error, rest['aria-describedby']);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} className={className}>
      <input
        {...rest}
        id={ids.controlId}
        className="op-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      />
    </FieldFrame>
  );
};

export const TextArea = ({ label, hint, error, id, className, rows = 3, ...rest }: TextAreaProps) => {
  const ids = useFieldIds(id, hint, error, rest['aria-describedby']);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} className={className}>
      <textarea
        {...rest}
        rows={rows}
        id={ids.controlId}
        className="op-input op-input--area"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      />
    </FieldFrame>
  );
};
