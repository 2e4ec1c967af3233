import type { DiscordRoleRule } from '@outpost/contracts';
import { Badge, Button, EmptyState } from '@outpost/ui';
import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { READ_ONLY_HINT, useReadOnly } from '../../../shared/hooks/use-read-only';
import { errorMessage } from '../../../shared/utils/error-message';
import { useDeleteDiscordRoleRuleMutation } from '../api/discord.api';
import { DIRECTION_LABELS } from '../utils/discord-labels';
import { usesCommands } from '../utils/role-rule-form';
import { RoleRuleDialog } from './role-rule-dialog';

type Open = { dialog: 'edit'; rule: DiscordRoleRule | null } | { dialog: 'remove'; rule: DiscordRoleRule };

export type RoleRulesProps = { networkId: string; rules: readonly DiscordRoleRule[] };

/** A Discord role ↔ an in-game group, one way or both: the list, Add rule, Edit and Remove. */
export const RoleRules = ({ networkId, rules }: RoleRulesProps) => {
  const readOnly = useReadOnly();
  const [open, setOpen] = useState<Open | null>(null);
  const [remove, removed] = useDeleteDiscordRoleRuleMutation();
  const readOnlyTitle = readOnly ? READ_ONLY_HINT : undefined;
  const close = () => {
    removed.reset();
    setOpen(null);
  };

  return (
    <section className="dc-section" aria-labelledby="discord-rules-title">
      <div className="dc-section__header">
        <h3 id="discord-rules-title">Role rules</h3>
        <Button
          size="sm"
          disabled={readOnly}
          title={readOnlyTitle}
          onClick={() => setOpen({ dialog: 'edit', rule: null })}
        >
          Add rule
        </Button>
      </div>
      {rules.length === 0 ? (
        <EmptyState
          title="No role rules yet"
          message="Give an in-game group to members with a Discord role (a VIP role, say), or a Discord role to players in a group."
        />
      ) : (
        <ul className="dc-rules" aria-label="Role rules">
          {rules.map((rule) => (
            <li key={rule.id} className="dc-rule" aria-label={`${rule.roleName} and ${rule.group}`}>
              <div className="dc-rule__text">
                <p className="dc-rule__title">
                  <span>{rule.roleName}</span>
                  <Badge tone="info">{DIRECTION_LABELS[rule.direction]}</Badge>
                  <span>
                    group <code>{rule.group}</code>
                  </span>
                </p>
                {usesCommands(rule.direction) && (
                  <dl className="dc-rule__commands">
                    <div>
                      <dt>Adds with</dt>
                      <dd>
                        <code>{rule.addCommand}</code>
                      </dd>
                    </div>
                    <div>
                      <dt>Removes with</dt>
                      <dd>
                        <code>{rule.removeCommand}</code>
                      </dd>
                    </div>
                  </dl>
                )}
              </div>
              <div className="dc-rule__actions">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={readOnly}
                  title={readOnlyTitle}
                  onClick={() => setOpen({ dialog: 'edit', rule })}
                >
                  Edit
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={readOnly}
                  title={readOnlyTitle}
                  onClick={() => setOpen({ dialog: 'remove', rule })}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {open?.dialog === 'edit' && <RoleRuleDialog networkId={networkId} rule={open.rule} onClose={close} />}
      <ConfirmDialog
        open={open?.dialog === 'remove'}
        title="Remove role rule"
        description={
          open?.dialog === 'remove'
            ? `${open.rule.roleName} and the group ${open.rule.group} are no longer kept in step; the group the rule gave in game is taken away now.`
            : ''
        }
        confirmLabel="Remove rule"
        busyLabel="Removing…"
        busy={removed.isLoading}
        onClose={close}
        onConfirm={() => {
          if (open?.dialog !== 'remove') return;
          void remove({ networkId, ruleId: open.rule.id })
            .unwrap()
            .then(close)
            .catch(() => undefined);
        }}
      >
        {removed.isError && (
          <p role="alert" className="net-form-error">
            {errorMessage(removed.error, 'Failed to remove the rule')}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
};
