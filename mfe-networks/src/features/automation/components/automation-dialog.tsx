import { AUTOMATION_LIMITS as L, type Automation, type Server } from '@outpost/contracts';
import { Modal, RadioGroup, TextField } from '@outpost/ui';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../../../shared/components/form-actions';
import { errorMessage } from '../../../shared/utils/error-message';
import { useCreateAutomationMutation, useUpdateAutomationMutation } from '../api/automation.api';
import {
  apiFieldErrors,
  automationFormValues,
  checkAutomationForm,
  templateFormValues,
  type AutomationFormValues,
  type FieldErrors,
} from '../utils/automation-form';
import { KIND_LABELS } from '../utils/automation-labels';
import { browserTimeZone } from '../utils/schedule-preview';
import { ActionFields } from './action-fields';
import { Check, type FormPartProps } from './form-parts';
import { ScheduleFields } from './schedule-fields';
import { TemplatePicker } from './template-picker';
import { TriggerFields } from './trigger-fields';

const KINDS = ['schedule', 'trigger'] as const;
const SERVER_CHOICES = ['all', 'some'] as const;
const SERVER_CHOICE_LABELS = { all: 'All servers', some: 'Only these servers' } as const;

/** The fields an API message can stand beside; any other (a refusal: 403, 409…) shows above the buttons. */
const PLACED_FIELD =
  /^(name|serverIds|cooldownSeconds|perPlayerCooldownSeconds|actions(\.\d+\.\w+)?|schedule(\.\w+)?|trigger(\.\w+)?)$/;

const ServersField = ({
  values,
  change,
  errors,
  servers,
}: FormPartProps & { servers: readonly Server[] }) => {
  const toggle = (id: string, on: boolean) =>
    change({
      serverIds: on ? [...values.serverIds, id] : values.serverIds.filter((serverId) => serverId !== id),
    });
  return (
    <div className="au-form__group">
      <RadioGroup
        legend="Servers"
        choices={SERVER_CHOICES}
        labels={SERVER_CHOICE_LABELS}
        value={values.allServers ? 'all' : 'some'}
        onChange={(choice) => change({ allServers: choice === 'all' })}
        error={errors.serverIds}
      />
      {!values.allServers && (
        <div className="au-servers" role="group" aria-label="Servers it runs on">
          {servers.map((server) => (
            <Check
              key={server.id}
              label={server.name}
              checked={values.serverIds.includes(server.id)}
              onChange={(on) => toggle(server.id, on)}
            />
          ))}
        </div>
      )}
    </div>
  );
};

const CooldownFields = ({ values, change, errors }: FormPartProps) => (
  <div className="au-form__row">
    <TextField
      label="Cooldown (seconds)"
      inputMode="numeric"
      value={values.cooldownSeconds}
      onChange={(event) => change({ cooldownSeconds: event.target.value })}
      hint="After a run, the automation waits this long before it runs again; 0 for no wait."
      error={errors.cooldownSeconds}
    />
    {values.kind === 'trigger' && (
      <TextField
        label="Per-player cooldown (seconds)"
        inputMode="numeric"
        value={values.perPlayerCooldownSeconds}
        onChange={(event) => change({ perPlayerCooldownSeconds: event.target.value })}
        hint="The same player sets it off at most once in this time (e.g. 600: once per 10 minutes)."
        error={errors.perPlayerCooldownSeconds}
      />
    )}
  </div>
);

export type AutomationDialogProps = {
  networkId: string;
  servers: readonly Server[];
  /** The automation to edit; null adds one (and offers the templates). */
  automation: Automation | null;
  onClose: () => void;
};

/**
 * Add or edit an automation: the form is judged by the API's own schema before it is sent, then
 * the API's answer is shown beside each field. Enter submits; Escape closes unless it is saving.
 */
export const AutomationDialog = ({ networkId, servers, automation, onClose }: AutomationDialogProps) => {
  const zone = browserTimeZone();
  const [create, created] = useCreateAutomationMutation();
  const [update, updated] = useUpdateAutomationMutation();
  const saving = automation ? updated : created;
  const [values, setValues] = useState<AutomationFormValues>(() => automationFormValues(automation, zone));
  const [errors, setErrors] = useState<FieldErrors>({});
  const apiErrors = apiFieldErrors(saving.error);
  const shown: FieldErrors = { ...apiErrors, ...errors };
  const formError =
    saving.error && !Object.keys(apiErrors).some((field) => PLACED_FIELD.test(field))
      ? errorMessage(saving.error, 'Failed to save the automation')
      : null;

  // Any edit clears the last attempt's messages, the form's and the API's.
  const change = (changes: Partial<AutomationFormValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors({});
    saving.reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving.isLoading) return;
    const checked = checkAutomationForm(values);
    if (!checked.ok) return setErrors(checked.errors);
    try {
      if (automation)
        await update({ networkId, automationId: automation.id, changes: checked.automation }).unwrap();
      else await create({ networkId, automation: checked.automation }).unwrap();
      onClose();
    } catch {
      // Shown beside the fields, or above the buttons, from the mutation's error.
    }
  };

  const part = { values, change, errors: shown };
  return (
    <Modal
      open
      onClose={onClose}
      title={automation ? 'Edit automation' : 'New automation'}
      size="lg"
      dismissible={!saving.isLoading}
    >
      <form className="au-form" onSubmit={(event) => void submit(event)} noValidate>
        {!automation && (
          <TemplatePicker
            networkId={networkId}
            onPick={(template) => {
              setValues(
                template ? templateFormValues(template.automation, zone) : automationFormValues(null, zone),
              );
              setErrors({});
              saving.reset();
            }}
          />
        )}
        <TextField
          label="Name"
          value={values.name}
          maxLength={L.name}
          onChange={(event) => change({ name: event.target.value })}
          error={shown.name}
          aria-required
        />
        <ServersField {...part} servers={servers} />
        <RadioGroup
          legend="Runs"
          choices={KINDS}
          labels={{
            schedule: `${KIND_LABELS.schedule}: at set times`,
            trigger: `${KIND_LABELS.trigger}: when something happens`,
          }}
          value={values.kind}
          onChange={(kind) => change({ kind })}
        />
        {values.kind === 'schedule' ? <ScheduleFields {...part} /> : <TriggerFields {...part} />}
        <CooldownFields {...part} />
        <ActionFields {...part} networkId={networkId} />
        <Check
          label="Enabled"
          checked={values.enabled}
          onChange={(enabled) => change({ enabled })}
          hint={
            values.kind === 'trigger'
              ? 'Leave it off to try it with Dry run first.'
              : 'Leave it off to try it with Run now first.'
          }
        />
        <FormActions
          error={formError}
          onCancel={onClose}
          submitLabel={automation ? 'Save automation' : 'Create automation'}
          busyLabel="Saving..."
          busy={saving.isLoading}
        />
      </form>
    </Modal>
  );
};
