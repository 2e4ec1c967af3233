import { RCON_DEFAULT_PORT, type RconStatus } from '@outpost/contracts';
import { Button, TextField } from '@outpost/ui';
import { useState, type FormEvent } from 'react';
import { READ_ONLY_HINT } from '../../../shared/hooks/use-read-only';
import { errorMessage } from '../../../shared/utils/error-message';
import { useRemoveRconMutation, useSaveRconMutation } from '../api/server.api';
import { useRconStatus } from '../hooks/use-rcon-status';
import { RconStateView } from './rcon-state';

type FieldErrors = Partial<Record<'host' | 'port' | 'password', string>>;

/** The API's messages per field (400), so the form never words a rule itself. */
const fieldErrors = (error: unknown): FieldErrors =>
  Object.fromEntries(
    ((error as { details?: { field: string; message: string }[] } | undefined)?.details ?? []).map(
      (detail) => [detail.field, detail.message],
    ),
  );

type RconFieldsProps = { serverId: string; saved: RconStatus | undefined; readOnly: boolean };

const RconFields = ({ serverId, saved, readOnly }: RconFieldsProps) => {
  const [host, setHost] = useState(saved?.host ?? '');
  const [port, setPort] = useState(String(saved?.port ?? RCON_DEFAULT_PORT));
  const [password, setPassword] = useState('');
  const [save, saving] = useSaveRconMutation();
  const [remove, removing] = useRemoveRconMutation();
  const errors = fieldErrors(saving.error);
  const formError = saving.error && Object.keys(errors).length === 0;
  const title = readOnly ? READ_ONLY_HINT : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      // A port that is not a number goes as null: the API names the rule.
      await save({
        serverId,
        host: host.trim(),
        port: /^\d+$/.test(port) ? Number(port) : NaN,
        password,
      }).unwrap();
      setPassword('');
    } catch {
      // Shown beside the fields from the mutation's error.
    }
  };

  return (
    <form className="net-rcon-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label="RCON host"
        value={host}
        onChange={(event) => setHost(event.target.value)}
        placeholder="203.0.113.10 or rust.example.com"
        autoComplete="off"
        aria-required
        disabled={readOnly}
        error={errors.host}
      />
      <TextField
        label="RCON port"
        value={port}
        onChange={(event) => setPort(event.target.value)}
        inputMode="numeric"
        autoComplete="off"
        aria-required
        disabled={readOnly}
        error={errors.port}
      />
      <TextField
        label="RCON password"
        type="password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        autoComplete="new-password"
        aria-required
        disabled={readOnly}
        hint={saved ? 'Saved passwords are never shown; type it again to change the address.' : undefined}
        error={errors.password}
      />
      {formError && (
        <p role="alert" className="net-form-error">
          {errorMessage(saving.error, 'Failed to save the RCON connection')}
        </p>
      )}
      {removing.error && (
        <p role="alert" className="net-form-error">
          {errorMessage(removing.error, 'Failed to remove the RCON connection')}
        </p>
      )}
      <div className="net-rcon-form__actions">
        <Button type="submit" disabled={saving.isLoading || readOnly} title={title}>
          {saving.isLoading ? 'Saving...' : saved ? 'Save and Reconnect' : 'Save and Connect'}
        </Button>
        {saved && (
          <Button
            type="button"
            variant="secondary"
            disabled={removing.isLoading || readOnly}
            title={title}
            onClick={() => void remove(serverId)}
          >
            {removing.isLoading ? 'Removing...' : 'Remove'}
          </Button>
        )}
      </div>
    </form>
  );
};

export type RconFormProps = {
  serverId: string;
  /** The demo: every field and button disabled, saying the demo is read-only. */
  readOnly?: boolean;
};

/** "Let the panel connect": where the server's WebRCON listens, its state once saved, and Remove. */
export const RconForm = ({ serverId, readOnly = false }: RconFormProps) => {
  // While no connection is set the API answers null: `saved` is then undefined.
  const { saved, error, isLoading } = useRconStatus(serverId);
  if (isLoading) return <p className="net-muted">Loading the RCON connection…</p>;
  return (
    <div className="net-rcon">
      {saved && <RconStateView status={saved} serverId={serverId} readOnly={readOnly} />}
      {error && (
        <p role="alert" className="net-form-error">
          {errorMessage(error, 'Failed to load the RCON connection')}
        </p>
      )}
      <RconFields
        key={saved ? `${saved.host}:${saved.port}` : 'none'}
        serverId={serverId}
        saved={saved}
        readOnly={readOnly}
      />
    </div>
  );
};
