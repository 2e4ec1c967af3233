import { useId } from 'react';

export type SelectOption<T extends string> = { value: T; label: string };

export type SelectFieldProps<T extends string> = {
  label: string;
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
};

/** A labelled native select in the design system's field frame. */
export const SelectField = <T extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
}: SelectFieldProps<T>) => {
  const id = useId();
  return (
    <div className="op-field">
      <label className="op-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="op-input"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
};
