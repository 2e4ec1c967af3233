import { DEMO_READ_ONLY_MESSAGE, PLAYER_NOTE_MAX_LENGTH } from '@outpost/contracts';
import { Button, TextArea } from '@outpost/ui';
import { addPlayerNoteSchema, messagesByField, requestErrors } from '@outpost/validation';
import { useState, type FormEvent } from 'react';
import { apiErrorText, apiFieldErrors } from '../../../shared/utils/api-error';
import { useAddPlayerNoteMutation, type PlayerProfileArgs } from '../api/player-profile.api';

export type AddNoteFormProps = PlayerProfileArgs & {
  /** The demo: the form shows, disabled, saying why. */
  readOnly: boolean;
};

/** "Add note": checked with the API's own rule before it is sent; the profile reads it back. */
export const AddNoteForm = ({ networkId, steamId, readOnly }: AddNoteFormProps) => {
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(false);
  const [addNote, { isLoading, error, reset }] = useAddPlayerNoteMutation();
  const localError = checked ? messagesByField(requestErrors(addPlayerNoteSchema, { text })).text : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const parsed = addPlayerNoteSchema.safeParse({ text });
    if (!parsed.success) return;
    try {
      await addNote({ networkId, steamId, text: parsed.data.text }).unwrap();
      setText('');
      setChecked(false);
    } catch {
      // Shown beside the field from the mutation's error.
    }
  };

  const fieldError =
    localError ??
    (error ? (apiFieldErrors(error).text ?? apiErrorText(error, 'Adding the note failed')) : null);
  const locked = readOnly ? { disabled: true, title: DEMO_READ_ONLY_MESSAGE } : {};
  return (
    <form className="pl-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextArea
        label="Add note"
        hint={`Staff see it on this profile; up to ${PLAYER_NOTE_MAX_LENGTH} characters.`}
        value={text}
        maxLength={PLAYER_NOTE_MAX_LENGTH}
        error={fieldError}
        {...locked}
        onChange={(event) => {
          setText(event.target.value);
          if (error) reset();
        }}
      />
      <div className="pl-form__actions">
        <Button type="submit" variant="secondary" size="sm" busy={isLoading} busyLabel="Adding…" {...locked}>
          Add note
        </Button>
      </div>
    </form>
  );
};
