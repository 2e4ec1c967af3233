import {
  SUSPICIOUS_FACTOR_LABELS,
  SUSPICIOUS_FACTORS,
  SUSPICIOUS_THRESHOLD_LABELS,
  SUSPICIOUS_THRESHOLD_LIMITS,
  SUSPICIOUS_WEIGHT_UNITS,
  type SuspiciousSettings,
  type SuspiciousThresholds,
} from '@outpost/contracts';
import { Button, TextField } from '@outpost/ui';
import { messagesByField, numberInput, suspiciousSettingsSchema, validateRequest } from '@outpost/validation';
import { useState } from 'react';
import { READ_ONLY_HINT } from '../../../shared/hooks/use-read-only';
import { errorMessage } from '../../../shared/utils/error-message';
import { useUpdateSuspiciousSettingsMutation } from '../api/suspicious.api';

export type WeightsFormProps = {
  networkId: string;
  settings: SuspiciousSettings;
  /** The demo: the fields show, disabled, and say why. */
  readOnly?: boolean;
};

const THRESHOLDS = Object.keys(SUSPICIOUS_THRESHOLD_LIMITS) as (keyof SuspiciousThresholds)[];

/** The body the form would send, its fields named as the API names them ("weights.reports"). */
const settingsBody = (values: Record<string, string>) => ({
  weights: Object.fromEntries(SUSPICIOUS_FACTORS.map((key) => [key, numberInput(values[`weights.${key}`])])),
  thresholds: Object.fromEntries(THRESHOLDS.map((key) => [key, numberInput(values[`thresholds.${key}`])])),
});

/** Weights and thresholds of the network (owner and admin), applied to every server's list. */
export const WeightsForm = ({ networkId, settings, readOnly = false }: WeightsFormProps) => {
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(SUSPICIOUS_FACTORS.map((key) => [`weights.${key}`, String(settings.weights[key])])),
    ...Object.fromEntries(THRESHOLDS.map((key) => [`thresholds.${key}`, String(settings.thresholds[key])])),
  }));
  const [save, state] = useUpdateSuspiciousSettingsMutation();
  const [saved, setSaved] = useState(false);
  // Judged by the API's own schema before sending, so each field reads what the API would answer.
  const checked = validateRequest(suspiciousSettingsSchema, settingsBody(values));
  const problems = checked.success ? {} : messagesByField(checked.details);
  const serverProblems = messagesByField(
    (state.error as { details?: { field: string; message: string }[] } | undefined)?.details ?? [],
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
    if (!checked.success) return;
    const result = await save({ networkId, settings: checked.data });
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
      {readOnly && (
        <p className="sus-weights__note">{READ_ONLY_HINT}: these are the demo network&apos;s weights.</p>
      )}
      <fieldset disabled={readOnly}>
        <legend>Weights (points per unit)</legend>
        {SUSPICIOUS_FACTORS.map((key) =>
          field(`weights.${key}`, SUSPICIOUS_FACTOR_LABELS[key], SUSPICIOUS_WEIGHT_UNITS[key]),
        )}
      </fieldset>
      <fieldset disabled={readOnly}>
        <legend>Thresholds</legend>
        {THRESHOLDS.map((key) => field(`thresholds.${key}`, SUSPICIOUS_THRESHOLD_LABELS[key]))}
      </fieldset>
      {state.isError && !Object.keys(serverProblems).length && (
        <p role="alert">{errorMessage(state.error, 'The panel could not save the weights.')}</p>
      )}
      <Button
        type="submit"
        busy={state.isLoading}
        disabled={readOnly || Object.keys(problems).length > 0}
        title={readOnly ? READ_ONLY_HINT : undefined}
      >
        Save weights
      </Button>
      {saved && <span role="status"> Saved: every server&apos;s list uses them now.</span>}
    </form>
  );
};
