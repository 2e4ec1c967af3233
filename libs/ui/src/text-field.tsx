import type { ComponentPropsWithRef } from 'react';
import { FieldFrame, useFieldIds, type FieldOwnProps } from './field-frame';

export type TextFieldProps = ComponentPropsWithRef<'input'> & FieldOwnProps;
export type TextAreaProps = ComponentPropsWithRef<'textarea'> & FieldOwnProps;

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
