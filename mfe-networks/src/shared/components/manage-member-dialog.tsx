import {
  canChangeRole,
  canRemoveMember,
  type AssignableRole,
  type Member,
  type Role,
} from '@outpost/contracts';
import { Button, Modal, useToast } from '@outpost/ui';
import { useState } from 'react';
import { useRemoveMemberMutation, useUpdateMemberRoleMutation } from '../api/networks.api';
import { errorMessage } from '../utils/error-message';
import { memberName } from './member-row';
import { RoleBadge } from './role-badge';

export type ManageMemberDialogProps = {
  networkId: string;
  /** The viewer's role in the network. */
  role: Role;
  member: Member | null;
  onClose: () => void;
};

const ASSIGNABLE = [
  { role: 'admin', label: 'Make Admin', becomes: 'an admin' },
  { role: 'moderator', label: 'Make Moderator', becomes: 'a moderator' },
  { role: 'member', label: 'Make Member', becomes: 'a member' },
] as const satisfies readonly { role: AssignableRole; label: string; becomes: string }[];

/** Role buttons (the current one disabled; owner only) and Remove (owner or admin). */
export const ManageMemberDialog = ({ networkId, role, member, onClose }: ManageMemberDialogProps) => {
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [updateRole, roleState] = useUpdateMemberRoleMutation();
  const [removeMember, removeState] = useRemoveMemberMutation();
  const toast = useToast();
  const busy = roleState.isLoading || removeState.isLoading;

  const close = () => {
    setConfirmRemove(false);
    roleState.reset();
    removeState.reset();
    onClose();
  };

  if (!member) return null;
  const name = memberName(member);

  const changeRole = async (next: (typeof ASSIGNABLE)[number]) => {
    try {
      await updateRole({ networkId, memberId: member.id, role: next.role }).unwrap();
      toast.show({
        message: `${name} is now ${next.becomes}`,
        tone: 'success',
      });
      close();
    } catch (error) {
      console.error('Role update failed', error);
    }
  };

  const remove = async () => {
    try {
      await removeMember({ networkId, memberId: member.id }).unwrap();
      toast.show({ message: `${name} was removed from the network`, tone: 'success' });
      close();
    } catch (error) {
      console.error('Removing the member failed', error);
    }
  };

  const failure = roleState.error ?? removeState.error;
  return (
    <Modal open onClose={close} title="Manage Member" description={name} dismissible={!busy} size="sm">
      <p className="net-member__name">
        Current role: <RoleBadge role={member.role} />
      </p>
      {canChangeRole(role, member.role) && (
        <div className="net-dialog-actions net-dialog-actions--start" role="group" aria-label="Change role">
          {ASSIGNABLE.map((option) => (
            <Button
              key={option.role}
              variant="secondary"
              disabled={member.role === option.role || busy}
              busy={roleState.isLoading && roleState.originalArgs?.role === option.role}
              onClick={() => void changeRole(option)}
            >
              {option.label}
            </Button>
          ))}
        </div>
      )}
      {canRemoveMember(role, member.role) && (
        <div className="net-danger-zone">
          {confirmRemove ? (
            <>
              <p>Remove {name} from this network? They lose access at once.</p>
              <div className="net-dialog-actions net-dialog-actions--start">
                <Button variant="secondary" onClick={() => setConfirmRemove(false)} disabled={busy}>
                  Keep Member
                </Button>
                <Button
                  variant="danger"
                  onClick={() => void remove()}
                  busy={removeState.isLoading}
                  busyLabel="Removing..."
                >
                  Confirm Remove
                </Button>
              </div>
            </>
          ) : (
            <Button variant="danger" onClick={() => setConfirmRemove(true)} disabled={busy}>
              Remove from Network
            </Button>
          )}
        </div>
      )}
      {failure && (
        <p role="alert" className="net-form-error">
          {errorMessage(failure, 'The change could not be saved. Please try again.')}
        </p>
      )}
    </Modal>
  );
};
