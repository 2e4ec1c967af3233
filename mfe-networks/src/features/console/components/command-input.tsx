import { CONSOLE_COMMAND_MAX_LENGTH } from '@outpost/contracts';
import { Button } from '@outpost/ui';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { errorMessage } from '../../../shared/utils/error-message';
import { useRunConsoleCommandMutation } from '../api/console.api';
import { useCommandHistory } from '../hooks/use-command-history';
import { isClearKey } from './console-view';

export type CommandInputProps = {
  serverId: string;
  onClear: () => void;
  /** The demo: the prompt shows, disabled, and says why (the API refuses its commands anyway). */
  readOnlyHint?: string;
};

/** The API's message for the command field (400), or its message for the whole call (403, 429...). */
const commandError = (error: unknown): string => {
  const details = (error as { details?: { field: string; message: string }[] } | undefined)?.details;
  return (
    details?.find((detail) => detail.field === 'command')?.message ??
    errorMessage(error, 'Failed to send the command')
  );
};

/** The prompt: Enter runs the command, ↑/↓ walk through the ones sent, Ctrl+L clears the view. */
export const CommandInput = ({ serverId, onClear, readOnlyHint }: CommandInputProps) => {
  const [command, setCommand] = useState('');
  const [run, { isLoading, error, reset }] = useRunConsoleCommandMutation();
  const history = useCommandHistory();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!command.trim() || isLoading) return;
    try {
      await run({ serverId, command }).unwrap();
      history.push(command);
      setCommand('');
    } catch {
      // Shown under the prompt from the mutation's error; the text stays to be fixed or resent.
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isClearKey(event)) {
      event.preventDefault();
      onClear();
      return;
    }
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    const recalled = event.key === 'ArrowUp' ? history.previous(command) : history.next();
    if (recalled === undefined) return;
    event.preventDefault();
    setCommand(recalled);
  };

  return (
    <form className="net-console__prompt" onSubmit={(event) => void submit(event)}>
      <span className="net-console__sign" aria-hidden="true">
        &gt;
      </span>
      <input
        aria-label="Command"
        className="op-input net-console__input"
        value={command}
        onChange={(event) => {
          setCommand(event.target.value);
          if (error) reset();
        }}
        onKeyDown={onKeyDown}
        maxLength={CONSOLE_COMMAND_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        placeholder={readOnlyHint ?? 'status, say Hello, kick <steamid> ...'}
        disabled={readOnlyHint !== undefined}
        title={readOnlyHint}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <Button
        type="submit"
        disabled={readOnlyHint !== undefined || isLoading || !command.trim()}
        title={readOnlyHint}
      >
        {isLoading ? 'Sending...' : 'Run'}
      </Button>
      {error && (
        <p id={errorId} role="alert" className="net-form-error net-console__error">
          {commandError(error)}
        </p>
      )}
    </form>
  );
};
