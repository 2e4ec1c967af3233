import { useId, type ReactNode } from 'react';
import type { AutomationFormValues, FieldErrors } from '../utils/automation-form';

/** What a part of the automation form gets: the values, a way to change some, and the messages to show. */
export type FormPartProps = {
  values: AutomationFormValues;
  change: (changes: Partial<AutomationFormValues>) => void;
  errors: FieldErrors;
};

export type CheckProps = {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
};

/** A checkbox with its label (and a hint under it): a yes/no of the automation form. */
export const Check = ({ label, checked, onChange, hint, disabled }: CheckProps) => {
  const hintId = useId();
  return (
    <div className="au-check">
      <label>
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      {hint && (
        <p id={hintId} className="op-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
};
