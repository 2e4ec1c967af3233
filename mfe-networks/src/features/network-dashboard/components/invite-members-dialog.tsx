import type { ApiErrorDetail } from '@outpost/contracts';
import { formatDate } from '@outpost/format';
import { Button, ErrorState, Modal, Spinner, useToast } from '@outpost/ui';
import { messagesByField } from '@outpost/validation';
import { useState } from 'react';
import { ROLE_LABELS } from '../../../shared/components/role-badge';
import { errorMessage } from '../../../shared/utils/error-message';
import {
  useCreateInviteMutation,
  useGetNetworkInvitesQuery,
  useRevokeInviteMutation,
} from '../api/network-dashboard.api';
import { firstActiveInvite } from '../utils/active-invite';
import {
  DEFAULT_INVITE_OPTIONS,
  inviteOptionErrors,
  inviteRequest,
  type InviteOptions,
} from '../utils/invite-options';
import { InviteOptionsFields } from './invite-options-fields';

export type InviteMembersDialogProps = { networkId: string; open: boolean; onClose: () => void };

/**
 * Shows the first active invite (which can be revoked); Generate New Code makes one with the role,
 * uses and expiry chosen under New code (a member, 1 use, 24 hours unless changed).
 */
export const InviteMembersDialog = ({ networkId, open, onClose }: InviteMembersDialogProps) => {
  const { data: invites, error, isLoading, refetch } = useGetNetworkInvitesQuery(networkId, { skip: !open });
  const [createInvite, { isLoading: generating, error: generateError, reset: resetGenerate }] =
    useCreateInviteMutation();
  const [revokeInvite, { isLoading: revoking, error: revokeError }] = useRevokeInviteMutation();
  const toast = useToast();
  const invite = firstActiveInvite(invites);
  const [options, setOptions] = useState<InviteOptions>(DEFAULT_INVITE_OPTIONS);
  const [optionErrors, setOptionErrors] = useState<Partial<Record<string, string>>>({});
  // A 400 names its fields beside them; any other failure is said under the form.
  const apiErrors = messagesByField(
    (generateError as { details?: ApiErrorDetail[] } | undefined)?.details ?? [],
    1,
  );
  const fieldErrors = { ...apiErrors, ...optionErrors };

  const generate = async () => {
    const body = inviteRequest(networkId, options);
    const found = inviteOptionErrors(body);
    setOptionErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await createInvite(body).unwrap();
    } catch {
      // Shown below from the mutation's error.
    }
  };

  const revoke = async () => {
    if (!invite) return;
    try {
      await revokeInvite(invite.id).unwrap();
      toast.show({ message: `Invite code ${invite.code} revoked`, tone: 'success' });
    } catch {
      // Shown below from the mutation's error.
    }
  };

  const copy = async () => {
    if (!invite) return;
    try {
      await navigator.clipboard.writeText(invite.code);
      toast.show({ message: 'Invite code copied', tone: 'success' });
    } catch {
      toast.show({ message: `Copy failed: the code is ${invite.code}`, tone: 'warning' });
    }
  };

  let body;
  if (isLoading) body = <Spinner label="Loading invite code…" showLabel />;
  else if (error)
    body = (
      <ErrorState
        title="Failed to load invite code"
        message={errorMessage(error, '')}
        onRetry={() => void refetch()}
      />
    );
  else if (invite)
    body = (
      <div className="net-token">
        <p className="op-field__label" id="invite-code-label">
          Invite Code
        </p>
        <div className="net-token__row">
          <output className="net-invite-code net-mono" aria-labelledby="invite-code-label">
            {invite.code}
          </output>
          <Button variant="secondary" onClick={() => void copy()}>
            Copy Code
          </Button>
          <Button variant="ghost" onClick={() => void revoke()} busy={revoking} busyLabel="Revoking...">
            Revoke
          </Button>
        </div>
        <p className="net-muted">
          Joins as {ROLE_LABELS[invite.role]} · {invite.maxUses - invite.currentUses} of {invite.maxUses} uses
          left · expires {formatDate(invite.expiresAt)}
        </p>
      </div>
    );
  else body = <p className="net-muted">There is no active invite code. Generate one to invite someone.</p>;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Invite Members"
      description="Share this code: the person enters it under Join Network."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button
            onClick={() => void generate()}
            busy={generating}
            busyLabel="Generating..."
            disabled={isLoading}
          >
            Generate New Code
          </Button>
        </>
      }
    >
      {body}
      <InviteOptionsFields
        options={options}
        onChange={(next) => {
          setOptions(next);
          setOptionErrors({});
          resetGenerate();
        }}
        errors={fieldErrors}
      />
      {revokeError && (
        <p role="alert" className="net-form-error">
          {errorMessage(revokeError, 'Failed to revoke the invite code')}
        </p>
      )}
      {generateError && Object.keys(apiErrors).length === 0 && (
        <p role="alert" className="net-form-error">
          {errorMessage(generateError, 'Failed to generate new code')}
        </p>
      )}
    </Modal>
  );
};
