import { DEMO_READ_ONLY_MESSAGE, REPORT_NOTE_MAX_LENGTH, type ReportItem } from '@outpost/contracts';
import { formatDateTime, formatLastSeen } from '@outpost/format';
import { Button, TextArea } from '@outpost/ui';
import { REPORT_MESSAGES } from '@outpost/validation';
import { useId, useState, type FormEvent } from 'react';
import { apiErrorText, apiFieldErrors } from '../../../shared/utils/api-error';
import { useAddReportNoteMutation } from '../api/reports.api';

export type ReportNotesProps = {
  report: ReportItem;
  /** The demo: the thread reads, the form says why it cannot be sent. */
  readOnly?: boolean;
};

/** The moderators' thread on a report, oldest first, and the form that adds to it. */
export const ReportNotes = ({ report, readOnly = false }: ReportNotesProps) => {
  const [text, setText] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [addNote, { isLoading, error, reset }] = useAddReportNoteMutation();
  const headingId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setLocalError(REPORT_MESSAGES.noteRequired);
    setLocalError(null);
    try {
      await addNote({ reportId: report.id, text: text.trim() }).unwrap();
      setText('');
    } catch {
      // Shown below from the mutation's error.
    }
  };

  const fieldError =
    localError ??
    (error ? (apiFieldErrors(error).text ?? apiErrorText(error, 'Adding the note failed')) : null);
  return (
    <section className="pl-notes" aria-labelledby={headingId}>
      <h4 id={headingId}>Notes</h4>
      {report.notes.length === 0 ? (
        <p className="pl-muted">No notes yet.</p>
      ) : (
        <ol className="pl-list" aria-label="Notes">
          {report.notes.map((note) => (
            <li key={note.id}>
              <strong>{note.author.name}</strong>
              <time className="pl-muted" dateTime={note.createdAt} title={formatDateTime(note.createdAt)}>
                {formatLastSeen(note.createdAt)}
              </time>
              <p className="pl-chat__message">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="pl-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextArea
          label="Add note"
          value={text}
          disabled={readOnly}
          title={readOnly ? DEMO_READ_ONLY_MESSAGE : undefined}
          maxLength={REPORT_NOTE_MAX_LENGTH}
          error={fieldError}
          onChange={(event) => {
            setText(event.target.value);
            setLocalError(null);
            if (error) reset();
          }}
        />
        <div className="pl-form__actions">
          <Button
            type="submit"
            variant="secondary"
            size="sm"
            busy={isLoading}
            busyLabel="Adding…"
            disabled={readOnly}
            title={readOnly ? DEMO_READ_ONLY_MESSAGE : undefined}
          >
            Add note
          </Button>
        </div>
      </form>
    </section>
  );
};
