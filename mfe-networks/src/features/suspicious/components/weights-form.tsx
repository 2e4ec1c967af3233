import {
  SUSPICIOUS_FACTOR_LABELS,
  SUSPICIOUS_FACTORS,
  SUSPICIOUS_THRESHOLD_LABELS,
  SUSPICIOUS_THRESHOLD_LIMITS,
  SUSPICIOUS_WEIGHT_MAX,
  SUSPICIOUS_WEIGHT_UNITS,
  type SuspiciousSettings,
  type SuspiciousThresholds,
} from '@outpost/contracts';
import { Button, TextField } from '@outpost/ui';
import { useState } from 'react';
import { errorMessage } from '../../../shared/utils/error-message';
import { useUpdateSuspiciousSettingsMutation } from '../api/suspicious.api';

export type WeightsFormProps = { networkId: string; settings: SuspiciousSettings };

const THRESHOLDS = Object.keys(SUSPICIOUS_THRESHOLD_LIMITS) as (keyof SuspiciousThresholds)[];

/** The form's own check, with the API's messages; the API checks again (and names the field). */
const problemOf = (field: string, text: string): string | undefined => {
  const value = Number(text);
  const [group, key] = field.split('.') as ['weights' | 'thresholds', string];
  if (group === 'weights')
    return text.trim() === '' || !Number.isFinite(value) || value < 0 || value > SUSPICIOUS_WEIGHT_MAX
      ? `${field} must be a number from 0 to ${SUSPICIOUS_WEIGHT_MAX}`
      : undefined;
  const { min, max } = SUSPICIOUS_THRESHOLD_LIMITS[key as keyof SuspiciousThresholds];
  const whole = key !== 'zScore';
  return text.trim() === '' ||
    !Number.isFinite(value) ||
    value < min ||
    value > max ||
    (whole && !Number.isInteger(value))
    ? `${field} must be a ${whole ? 'whole number' : 'number'} from ${min} to ${max}`
    : undefined;
};

/** Weights and thresholds of the network (owner and admin), applied to every server's list. */
export const WeightsForm = ({ networkId, settings }: WeightsFormProps) => {
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(SUSPICIOUS_FACTORS.map((key) => [`weights.${key}`, String(settings.weights[key])])),
    ...Object.fromEntries(THRESHOLDS.map((key) => [`thresholds.${key}`, String(settings.thresholds[key])])),
  }));
  const [save, state] = useUpdateSuspiciousSettingsMutation();
  const [saved, setSaved] = useState(false);
  const problems = Object.fromEntries(
    Object.entries(values).flatMap(([field, text]) => {
      const problem = problemOf(field, text);
      return problem ? [[field, problem]] : [];
    }),
  );
  const serverProblems = Object.fromEntries(
    ((state.error as { details?: { field: string; message: string }[] } | undefined)?.details ?? []).map(
      ({ field, message }) => [field, message],
    ),
  );
  const field = (name: string, label: string, hint?: string) => (
    <TextField
      key={name}
      label={label}
      hint={hint}
      inputMode="decimal"
      value={values[name]}
      onChange={(event) => {
        setSaved(false);
        setValues({ ...values, [name]: event.target.value });
      }}
      error={problems[name] ?? serverProblems[name]}
    />
  );
  const submit = async () => {
    if (Object.keys(problems).length) return;
    const next: SuspiciousSettings = {
      weights: Object.fromEntries(
        SUSPICIOUS_FACTORS.map((key) => [key, Number(values[`weights.${key}`])]),
      ) as SuspiciousSettings['weights'],
      thresholds: Object.fromEntries(
        THRESHOLDS.map((key) => [key, Number(values[`thresholds.${key}`])]),
      ) as SuspiciousThresholds,
    };
    const result = await save({ networkId, settings: next });
    setSaved(!('error' in result));
  };
  return (
    <form
      className="sus-weights"
      aria-label="Weights and thresholds"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset>
        <legend>Weights (points per unit)</legend>
        {SUSPICIOUS_FACTORS.map((key) =>
          field(`weights.${key}`, SUSPICIOUS_FACTOR_LABELS[key], SUSPICIOUS_WEIGHT_UNITS[key]),
        )}
      </fieldset>
      <fieldset>
        <legend>Thresholds</legend>
        {THRESHOLDS.map((key) => field(`thresholds.${key}`, SUSPICIOUS_THRESHOLD_LABELS[key]))}
      </fieldset>
      {state.isError && !Object.keys(serverProblems).length && (
        <p role="alert">{errorMessage(state.error, 'The panel could not save the weights.')}</p>
      )}
      <Button type="submit" busy={state.isLoading} disabled={Object.keys(problems).length > 0}>
        Save weights
      </Button>
      {saved && <span role="status"> Saved: every server&apos;s list uses them now.</span>}
    </form>
  );
};
