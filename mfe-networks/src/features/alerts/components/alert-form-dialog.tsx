import { Modal } from '@outpost/ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormActions } from '../../../shared/components/form-actions';
import { errorMessage } from '../../../shared/utils/error-message';
import { apiFieldErrors, type FieldErrors } from '../utils/alert-forms';

/** The add or edit mutation the dialog waits on, as RTK Query hands it back. */
export type AlertFormSaving = { error?: unknown; isLoading: boolean; reset: () => void };

/**
 * A dialog form's values and what to show for them: the form's own checks beside each field, then
 * the API's; a refusal that names none of `fields` (403, 404...) shows above the buttons instead.
 */
export const useAlertForm = <V extends object>(
  initial: () => V,
  saving: AlertFormSaving,
  fields: readonly string[],
  fallback: string,
) => {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const apiErrors = apiFieldErrors(saving.error);
  const shown: FieldErrors = { ...apiErrors, ...errors };
  const formError =
    saving.error && !fields.some((field) => apiErrors[field]) ? errorMessage(saving.error, fallback) : null;

  // Any edit clears the last attempt's messages, the form's and the API's.
  const change = (changes: Partial<V>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors({});
    saving.reset();
  };

  return { values, change, shown, formError, setErrors };
};

export type AlertFormDialogProps = {
  title: string;
  saving: AlertFormSaving;
  formError: string | null;
  submitLabel: string;
  onClose: () => void;
  /** Runs once per submit, never while the last one is still saving. */
  onSubmit: () => Promise<void>;
  children: ReactNode;
};

/** The shell both alert dialogs share: a modal that stays open while saving, the fields, Cancel and submit. */
export const AlertFormDialog = ({
  title,
  saving,
  formError,
  submitLabel,
  onClose,
  onSubmit,
  children,
}: AlertFormDialogProps) => {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving.isLoading) return;
    void onSubmit();
  };

  return (
    <Modal open onClose={onClose} title={title} dismissible={!saving.isLoading}>
      <form className="al-form" onSubmit={submit} noValidate>
        {children}
        <FormActions
          error={formError}
          onCancel={onClose}
          submitLabel={submitLabel}
          busyLabel="Saving..."
          busy={saving.isLoading}
        />
      </form>
    </Modal>
  );
};
