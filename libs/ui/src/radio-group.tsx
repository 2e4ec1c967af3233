import { useId, type ReactNode } from 'react';
import { cx } from './cx';

export type RadioGroupProps<T extends string> = {
  legend: ReactNode;
  /** In order; each is one radio button. */
  choices: readonly T[];
  labels: Readonly<Record<T, ReactNode>>;
  /** Null: none chosen yet. */
  value: T | null;
  onChange: (value: T) => void;
  /** Validation message; marks the group invalid and is read out with it. */
  error?: ReactNode;
  className?: string;
};

/**
 * One of a few choices as radio buttons in a fieldset: Tab reaches the chosen one and the arrow
 * keys move between them (the browser's own radio keys); the legend names the group.
 */
export const RadioGroup = <T extends string>({
  legend,
  choices,
  labels,
  value,
  onChange,
  error,
  className,
}: RadioGroupProps<T>) => {
  const name = useId();
  const errorId = useId();
  return (
    <fieldset
      className={cx('op-radio-group', className)}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice}>
          <input
            type="radio"
            name={name}
            value={choice}
            checked={value === choice}
            onChange={() => onChange(choice)}
          />
          {labels[choice]}
        </label>
      ))}
      {error && (
        <p id={errorId} className="op-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
};
