// The generic checker of spec section 5 (required, minimum and maximum length, pattern, custom),
// for ad-hoc form fields that have no schema of their own.

export type CheckRules = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  /** Returns a message when the value is wrong, or null/undefined when it is fine. */
  custom?: (value: string) => string | null | undefined;
  /** Names the field in the default messages; "This field" when absent. */
  label?: string;
  /** Overrides the default message of a rule. */
  messages?: Partial<Record<'required' | 'minLength' | 'maxLength' | 'pattern', string>>;
};

/** Every broken rule's message, in rule order; an empty list means the value passes. */
export const check = (value: string | null | undefined, rules: CheckRules): string[] => {
  const label = rules.label ?? 'This field';
  const text = value ?? '';
  if (text.trim() === '') {
    // An empty value is either missing (required) or skipped: other rules judge content only.
    return rules.required ? [rules.messages?.required ?? `${label} is required`] : [];
  }
  const errors: string[] = [];
  if (rules.minLength !== undefined && text.length < rules.minLength) {
    errors.push(rules.messages?.minLength ?? `${label} must be at least ${rules.minLength} characters`);
  }
  if (rules.maxLength !== undefined && text.length > rules.maxLength) {
    errors.push(rules.messages?.maxLength ?? `${label} must be ${rules.maxLength} characters or less`);
  }
  if (rules.pattern && !new RegExp(rules.pattern.source, rules.pattern.flags.replace('g', '')).test(text)) {
    errors.push(rules.messages?.pattern ?? `${label} is not valid`);
  }
  const custom = rules.custom?.(text);
  if (custom) errors.push(custom);
  return errors;
};
