import type { PlayerNote } from '@outpost/contracts';
import { Button, Modal } from '@outpost/ui';
import { apiErrorText } from '../../../shared/utils/api-error';
import { useRemovePlayerNoteMutation, type PlayerProfileArgs } from '../api/player-profile.api';

export type RemoveNoteDialogProps = PlayerProfileArgs & { note: PlayerNote; onClose: () => void };

/** "Remove note?": the note's text and author, Cancel, and Remove in red. */
export const RemoveNoteDialog = ({ networkId, steamId, note, onClose }: RemoveNoteDialogProps) => {
  const [remove, { isLoading, error }] = useRemovePlayerNoteMutation();
  const confirm = async () => {
    try {
      await remove({ networkId, steamId, noteId: note.id }).unwrap();
      onClose();
    } catch {
      // Shown in the dialog from the mutation's error.
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!isLoading}
      size="sm"
      title="Remove note?"
      description={`The note by ${note.authorName} is removed for all staff. This cannot be undone.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} busy={isLoading} busyLabel="Removing…">
            Remove
          </Button>
        </>
      }
    >
      <blockquote className="pl-confirm pl-chat__message">{note.text}</blockquote>
      {error && (
        <p className="pl-error" role="alert">
          {apiErrorText(error, 'Removing the note failed')}
        </p>
      )}
    </Modal>
  );
};
