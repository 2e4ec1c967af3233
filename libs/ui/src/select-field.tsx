import type { ComponentPropsWithRef } from 'react';
import { FieldFrame, useFieldIds, type FieldOwnProps } from './field-frame';

export type SelectOption<T extends string> = { value: T; label: string };

export type SelectFieldProps<T extends string> = Omit<
  ComponentPropsWithRef<'select'>,
  'value' | 'onChange' | 'children'
> &
  FieldOwnProps & {
    value: T;
    /** In order; a filter's "All …" choice is usually the first, with the value ''. */
    options: readonly SelectOption<T>[];
    onChange: (value: T) => void;
  };

/** A labelled native select in the field frame: a list's filter, a choice in a form. */
export const SelectField = <T extends string>({
  label,
  hint,
  error,
  id,
  className,
  value,
  options,
  onChange,
  ...rest
}: SelectFieldProps<T>) => {
  const ids = useFieldIds(id, hint, error, rest['aria-describedby']);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} className={className}>
      <select
        {...rest}
        id={ids.controlId}
        className="op-input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        // The options are the only values the select can hold.
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
};
