import { paths, type AlertRule, type Server } from '@outpost/contracts';
import { Badge, Toggle } from '@outpost/ui';
import { Link } from '@outpost/router';
import { useState } from 'react';
import { READ_ONLY_HINT } from '../../../shared/hooks/use-read-only';
import { errorMessage } from '../../../shared/utils/error-message';
import {
  useDeleteAlertRuleMutation,
  useGetAlertChannelsQuery,
  useGetAlertRulesQuery,
  useUpdateAlertRuleMutation,
} from '../api/alerts.api';
import { describeRule, RULE_KIND_LABELS, ruleChannels, ruleScope } from '../utils/rule-labels';
import { AlertRuleDialog } from './alert-rule-dialog';
import { AlertItemButton, AlertListBody, DeleteAlertItemDialog } from './alert-list-parts';
import type { AlertsAccess } from './alerts-access';

export type AlertRulesProps = AlertsAccess & {
  networkId: string;
  servers: readonly Server[];
  /** Only the rules that apply to this server (its own and the network-wide ones). */
  serverId?: string;
};

const SETTINGS_HINT = 'From the network settings: change it in Settings';

/** The rules (this server's and the network's), with add, edit, enable and delete for alerts.manage. */
export const AlertRules = ({ networkId, servers, serverId, manage, readOnly }: AlertRulesProps) => {
  const query = useGetAlertRulesQuery(networkId);
  const [dialog, setDialog] = useState<{ rule: AlertRule | null } | null>(null);
  const [deleting, setDeleting] = useState<AlertRule | null>(null);
  const [update, updated] = useUpdateAlertRuleMutation();
  const [remove, removed] = useDeleteAlertRuleMutation();
  const channels = useGetAlertChannelsQuery(networkId).data;
  const serverName = (id: string) => servers.find((server) => server.id === id)?.name;
  const channelName = (id: string) => channels?.find((channel) => channel.id === id)?.name;
  const rules = (query.data ?? []).filter(
    (rule) => serverId === undefined || rule.serverId === null || rule.serverId === serverId,
  );

  const body = (
    <AlertListBody
      query={query}
      count={rules.length}
      loadingLabel="Loading alert rules…"
      errorTitle="Failed to load the alert rules"
      emptyTitle="No alert rules"
      emptyMessage={
        manage
          ? 'Add a rule to hear when a server goes offline, runs low on FPS, or a watched player joins.'
          : 'The owner and admins decide what raises an alert.'
      }
    >
      <ul className="al-list" aria-label="Alert rules">
        {rules.map((rule) => (
          <li key={rule.id} className="al-item">
            <div className="al-item__text">
              <p className="al-item__title">
                {RULE_KIND_LABELS[rule.kind]}
                {!rule.enabled && <Badge>Off</Badge>}
                {rule.fromSettings && <Badge tone="info">Network settings</Badge>}
              </p>
              <p className="net-muted">
                {describeRule(rule)} · {ruleScope(rule, serverName)}
              </p>
              <p className="net-muted">{ruleChannels(rule, channelName)}</p>
              {rule.fromSettings && manage && (
                <p className="net-muted">
                  {SETTINGS_HINT}:{' '}
                  <Link to={`${paths.network(networkId)}?tab=settings`}>Network settings</Link>
                </p>
              )}
            </div>
            {manage && !rule.fromSettings && (
              <div className="al-item__actions">
                <Toggle
                  label={<span className="op-sr-only">Enabled: {describeRule(rule)}</span>}
                  checked={rule.enabled}
                  disabled={readOnly || updated.isLoading}
                  title={readOnly ? READ_ONLY_HINT : undefined}
                  onChange={(enabled) => void update({ networkId, ruleId: rule.id, changes: { enabled } })}
                />
                <AlertItemButton
                  variant="secondary"
                  readOnly={readOnly}
                  aria-label={`Edit rule: ${describeRule(rule)}`}
                  onClick={() => setDialog({ rule })}
                >
                  Edit
                </AlertItemButton>
                <AlertItemButton
                  variant="ghost"
                  readOnly={readOnly}
                  aria-label={`Delete rule: ${describeRule(rule)}`}
                  onClick={() => setDeleting(rule)}
                >
                  Delete
                </AlertItemButton>
              </div>
            )}
          </li>
        ))}
      </ul>
    </AlertListBody>
  );

  return (
    <section className="al-section" aria-labelledby="alert-rules-title">
      <div className="net-tab__header">
        <h3 id="alert-rules-title">Rules</h3>
        {manage && (
          <AlertItemButton readOnly={readOnly} onClick={() => setDialog({ rule: null })}>
            Add Rule
          </AlertItemButton>
        )}
      </div>
      {updated.isError && (
        <p role="alert" className="net-form-error">
          {errorMessage(updated.error, 'Failed to change the rule')}
        </p>
      )}
      {body}
      {dialog && (
        <AlertRuleDialog
          networkId={networkId}
          servers={servers}
          rule={dialog.rule}
          serverId={serverId ?? null}
          onClose={() => setDialog(null)}
        />
      )}
      <DeleteAlertItemDialog
        item={deleting}
        title="Delete Alert Rule"
        describe={(rule) => `"${describeRule(rule)}" will no longer raise alerts.`}
        confirmLabel="Delete Rule"
        removing={removed}
        failure="Failed to delete the rule"
        onDelete={(rule) => remove({ networkId, ruleId: rule.id }).unwrap()}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
};
