import { can, type Network, type NetworkSettingsForm as SettingsValues } from '@outpost/contracts';
import { Button, TextArea, TextField, Toggle, useToast } from '@outpost/ui';
import { validateDescription, validateNetworkName } from '@outpost/validation';
import { useState, type FormEvent } from 'react';
import { useUpdateNetworkMutation } from '../api/networks.api';
import { READ_ONLY_HINT, useReadOnly } from '../hooks/use-read-only';
import { errorMessage } from '../utils/error-message';
import { DeleteNetworkDialog } from './delete-network-dialog';

export type NetworkSettingsFormProps = {
  network: Network;
  /** After a confirmed deletion: leave the network's page, or close the dialog. */
  onDeleted: () => void;
};

const toValues = (network: Network): SettingsValues => ({
  networkName: network.name,
  description: network.description,
  notifications: { ...network.notifications },
});

const sameValues = (a: SettingsValues, b: SettingsValues): boolean =>
  a.networkName === b.networkName &&
  a.description === b.description &&
  a.notifications.serverOffline === b.notifications.serverOffline &&
  a.notifications.newMembers === b.notifications.newMembers;

type FieldErrors = Partial<Record<'networkName' | 'description', string>>;

/**
 * Network Name, Description and the two notification toggles, compared with the saved snapshot:
 * Reset Changes and Save Changes work only when something changed. Saved through PATCH.
 */
export const NetworkSettingsForm = ({ network, onDeleted }: NetworkSettingsFormProps) => {
  const [saved, setSaved] = useState(() => toValues(network));
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [deleting, setDeleting] = useState(false);
  const [updateNetwork, { isLoading, error: saveError, reset }] = useUpdateNetworkMutation();
  const toast = useToast();
  const readOnly = useReadOnly();
  const editable = can(network.role, 'network.settings') && !readOnly;
  const dirty = !sameValues(values, saved);

  const change = (next: Partial<SettingsValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors({});
    reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || !editable || isLoading) return;
    const found: FieldErrors = {
      networkName: validateNetworkName(values.networkName) ?? undefined,
      description: validateDescription(values.description) ?? undefined,
    };
    if (found.networkName || found.description) return setErrors(found);
    try {
      const updated = await updateNetwork({
        id: network.id,
        changes: {
          name: values.networkName.trim(),
          description: values.description.trim(),
          notifications: values.notifications,
        },
      }).unwrap();
      const next = toValues(updated);
      setSaved(next);
      setValues(next);
      toast.show({ message: 'Settings saved', tone: 'success' });
    } catch {
      // Shown below from the mutation's error.
    }
  };

  return (
    <div className="net-settings">
      <form onSubmit={submit} noValidate aria-label="Network settings">
        {!editable && (
          <p className="net-muted">
            {readOnly ? READ_ONLY_HINT : 'Only the owner of this network can change its settings.'}
          </p>
        )}
        <TextField
          label="Network Name"
          value={values.networkName}
          onChange={(event) => change({ networkName: event.target.value })}
          error={errors.networkName}
          disabled={!editable}
          required
        />
        <TextArea
          label="Description"
          value={values.description}
          onChange={(event) => change({ description: event.target.value })}
          error={errors.description}
          disabled={!editable}
        />
        <fieldset className="net-fieldset">
          <legend>Notifications</legend>
          <Toggle
            label="Server offline alerts"
            description="Get notified when a server stops reporting"
            checked={values.notifications.serverOffline}
            onChange={(serverOffline) =>
              change({ notifications: { ...values.notifications, serverOffline } })
            }
            disabled={!editable}
          />
          <Toggle
            label="New member joins"
            description="Get notified when someone joins the network"
            checked={values.notifications.newMembers}
            onChange={(newMembers) => change({ notifications: { ...values.notifications, newMembers } })}
            disabled={!editable}
          />
        </fieldset>
        {saveError && (
          <p role="alert" className="net-form-error">
            {errorMessage(saveError, 'Failed to update network')}
          </p>
        )}
        {editable && (
          <div className="net-dialog-actions">
            <Button variant="secondary" onClick={() => change(saved)} disabled={!dirty || isLoading}>
              Reset Changes
            </Button>
            <Button type="submit" disabled={!dirty} busy={isLoading} busyLabel="Saving...">
              Save Changes
            </Button>
          </div>
        )}
      </form>
      {/* Outside the form: React bubbles the dialog's submit through the portal otherwise. */}
      {can(network.role, 'network.delete') && !readOnly && (
        <section className="net-danger-zone" aria-labelledby={`danger-${network.id}`}>
          <h3 id={`danger-${network.id}`}>Danger Zone</h3>
          <p className="net-muted">Deleting a network removes it for every member. This cannot be undone.</p>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            Delete Network
          </Button>
          <DeleteNetworkDialog
            network={network}
            open={deleting}
            onClose={() => setDeleting(false)}
            onDeleted={() => {
              setDeleting(false);
              onDeleted();
            }}
          />
        </section>
      )}
    </div>
  );
};
