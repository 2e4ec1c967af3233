import { useGetNetworkMembersQuery } from '@outpost/api-cache';
import { selectCurrentUser, useAppSelector } from '@outpost/api-client';
import { can, DEMO_READ_ONLY_MESSAGE, type ReportItem } from '@outpost/contracts';
import { Button, SelectField } from '@outpost/ui';

export type ReportAssigneeProps = {
  networkId: string;
  report: ReportItem;
  /** The members list is the staff's (members.view); a moderator can take a report or let it go. */
  canChooseAnyone: boolean;
  busy: boolean;
  /** The demo: the assignee reads, the choices say why they cannot be used. */
  readOnly?: boolean;
  onAssign: (assigneeId: string | null) => void;
};

/** Who works the report: "Assign to me", and for the staff a choice among those who work reports. */
export const ReportAssignee = ({
  networkId,
  report,
  canChooseAnyone,
  busy,
  readOnly = false,
  onAssign,
}: ReportAssigneeProps) => {
  const locked = readOnly ? { disabled: true, title: DEMO_READ_ONLY_MESSAGE } : { disabled: busy };
  const me = useAppSelector(selectCurrentUser)?.$id;
  const members = useGetNetworkMembersQuery(networkId, { skip: !canChooseAnyone });
  const workers = (members.data ?? []).filter((member) => can(member.role, 'reports.work'));
  const assignee = report.assignee;
  // The assignee stays a choice even if their role changed since (the list would drop them).
  const options = [
    { value: '', label: 'Nobody' },
    ...workers.map((member) => ({ value: member.userId, label: member.userName || member.userEmail })),
    ...(assignee && !workers.some((member) => member.userId === assignee.id)
      ? [{ value: assignee.id, label: assignee.name }]
      : []),
  ];

  return (
    <div className="pl-report-assignee">
      {canChooseAnyone && members.data ? (
        <SelectField
          label="Assignee"
          value={assignee?.id ?? ''}
          options={options}
          disabled={busy || readOnly}
          title={readOnly ? DEMO_READ_ONLY_MESSAGE : undefined}
          onChange={(value) => onAssign(value || null)}
        />
      ) : (
        <p>
          <span className="pl-muted">Assignee: </span>
          {assignee?.name ?? 'Nobody'}
        </p>
      )}
      {me && assignee?.id !== me && (
        <Button variant="secondary" size="sm" {...locked} onClick={() => onAssign(me)}>
          Assign to me
        </Button>
      )}
      {assignee && !canChooseAnyone && (
        <Button variant="ghost" size="sm" {...locked} onClick={() => onAssign(null)}>
          Unassign
        </Button>
      )}
    </div>
  );
};
