import { Button, Modal, TextArea } from '@outpost/ui';
import { messagesByField, requestErrors, suspiciousReviewSchema } from '@outpost/validation';
import { useState } from 'react';
import { errorMessage } from '../../../shared/utils/error-message';
import { useReviewSuspiciousPlayerMutation } from '../api/suspicious.api';

export type ReviewDialogProps = {
  networkId: string;
  player: { steamId: string; name: string };
  action: 'dismiss' | 'flag';
  onClose: () => void;
};

/** Dismiss (until new evidence) or Flag a player, with a note that the audit log keeps. */
export const ReviewDialog = ({ networkId, player, action, onClose }: ReviewDialogProps) => {
  const [note, setNote] = useState('');
  const [review, state] = useReviewSuspiciousPlayerMutation();
  const body = { note: note.trim() || undefined };
  // The API's own rule and words, judged on the body as it will be sent.
  const noteError = messagesByField(requestErrors(suspiciousReviewSchema, body)).note;
  const dismiss = action === 'dismiss';
  const submit = async () => {
    if (noteError) return;
    const result = await review({ networkId, steamId: player.steamId, action, ...body });
    if (!('error' in result)) onClose();
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={dismiss ? `Dismiss ${player.name}` : `Flag ${player.name}`}
      description={
        dismiss
          ? 'The score stays dismissed until new evidence arrives: a new report or violation, another name or banned account, or a higher score.'
          : 'A flagged player stays on the list, whatever the score, until dismissed.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant={dismiss ? 'primary' : 'danger'}
            busy={state.isLoading}
            disabled={noteError !== undefined}
            onClick={() => void submit()}
          >
            {dismiss ? 'Dismiss' : 'Flag'}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextArea
          label={dismiss ? 'Why (kept in the audit log)' : 'Note (optional)'}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          error={
            noteError ??
            (state.isError ? errorMessage(state.error, 'The panel could not save this.') : undefined)
          }
        />
      </form>
    </Modal>
  );
};
