import { useGetNetworkQuery } from '@outpost/api-cache';
import { DEMO_READ_ONLY_MESSAGE, type PlayerNote, type PlayerProfile } from '@outpost/contracts';
import { formatDateTime, formatLastSeen } from '@outpost/format';
import { Button, EmptyState, Spinner } from '@outpost/ui';
import { useState } from 'react';
import { useModerationView } from '../../../shared/hooks/use-moderation-view';
import { AddNoteForm } from './add-note-form';
import { RemoveNoteDialog } from './remove-note-dialog';

export type NotesTabProps = {
  profile: PlayerProfile;
  networkId: string;
  /** The profile is being read again (after a note was added or removed). */
  refreshing?: boolean;
};

/**
 * The staff's notes on the player, newest first, an automation's among them. The API sends them
 * only to those who work reports or moderate players; those who moderate add and remove them.
 */
export const NotesTab = ({ profile, networkId, refreshing = false }: NotesTabProps) => {
  const { data: network } = useGetNetworkQuery(networkId);
  const moderation = useModerationView(network?.role);
  const [removing, setRemoving] = useState<PlayerNote | null>(null);
  const notes = profile.notes ?? [];
  const steamId = profile.player.steamId;
  return (
    <div className="pl-notes" aria-busy={refreshing}>
      {moderation.shows && (
        <AddNoteForm networkId={networkId} steamId={steamId} readOnly={moderation.readOnly} />
      )}
      {refreshing && <Spinner label="Updating notes…" showLabel size="sm" />}
      {notes.length === 0 ? (
        <EmptyState
          title="No notes yet"
          message="Notes from staff and automations about this player show here."
        />
      ) : (
        <ol className="pl-list" aria-label="Notes">
          {notes.map((note) => (
            <li key={note.id}>
              <strong>{note.authorName}</strong>
              <time className="pl-muted" dateTime={note.createdAt} title={formatDateTime(note.createdAt)}>
                {formatLastSeen(note.createdAt)}
              </time>
              {moderation.shows && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove the note by ${note.authorName}`}
                  disabled={moderation.readOnly}
                  title={moderation.readOnly ? DEMO_READ_ONLY_MESSAGE : undefined}
                  onClick={() => setRemoving(note)}
                >
                  Remove
                </Button>
              )}
              <p className="pl-chat__message">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      {removing && (
        <RemoveNoteDialog
          networkId={networkId}
          steamId={steamId}
          note={removing}
          onClose={() => setRemoving(null)}
        />
      )}
    </div>
  );
};
