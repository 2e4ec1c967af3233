import { useGetNetworkQuery, useGetNetworkServersQuery } from '@outpost/api-cache';
import {
  can,
  isFreeNetwork,
  isPlanRequired,
  type Automation,
  type Network,
  type Server,
} from '@outpost/contracts';
import { Button, EmptyState, ErrorState, PremiumRequired, Spinner } from '@outpost/ui';
import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { READ_ONLY_HINT, useReadOnly } from '../../../shared/hooks/use-read-only';
import { errorMessage, listErrorMessage } from '../../../shared/utils/error-message';
import {
  useDeleteAutomationMutation,
  useDryRunAutomationMutation,
  useGetAutomationsQuery,
} from '../api/automation.api';
import { AutomationDialog } from './automation-dialog';
import { AutomationItem } from './automation-item';
import { DryRunDialog } from './dry-run-dialog';
import { RunHistoryDialog } from './run-history-dialog';
import '../automation.css';

type Open =
  | { dialog: 'edit'; automation: Automation | null }
  | { dialog: 'history' | 'dry-run' | 'delete'; automation: Automation };

type AutomationAreaProps = { network: Network; servers: readonly Server[] };

/** The list with its states, and the dialogs its buttons open. */
const AutomationArea = ({ network, servers }: AutomationAreaProps) => {
  const networkId = network.id;
  const manage = can(network.role, 'automation.manage');
  const readOnly = useReadOnly();
  // A Free network's automations are not asked for: the API would refuse them (403).
  const free = isFreeNetwork(network);
  const query = useGetAutomationsQuery(networkId, { skip: free });
  const [open, setOpen] = useState<Open | null>(null);
  const [dryRun, dryRunState] = useDryRunAutomationMutation();
  const [remove, removed] = useDeleteAutomationMutation();
  const premium = free || (query.isError && isPlanRequired(query.error));
  const close = () => setOpen(null);
  const startDryRun = (automation: Automation) => void dryRun({ networkId, automationId: automation.id });
  const newButton = (label: string) => (
    <Button
      disabled={readOnly}
      title={readOnly ? READ_ONLY_HINT : undefined}
      onClick={() => setOpen({ dialog: 'edit', automation: null })}
    >
      {label}
    </Button>
  );

  let body;
  if (premium) body = <PremiumRequired feature="automation" />;
  else if (query.isLoading) body = <Spinner label="Loading automations…" showLabel />;
  else if (!query.data)
    body = (
      <ErrorState
        title="Failed to load automations"
        message={listErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.length === 0)
    body = (
      <EmptyState
        title="No automations yet"
        message={
          manage
            ? 'Run commands on a schedule (a restart countdown, a wipe-day announcement), or act when something happens: a player joins, a chat message matches, reports pile up.'
            : 'The owner and admins set up automations; they and their runs show here.'
        }
        action={manage && newButton('Start from a template')}
      />
    );
  else
    body = (
      <ul className="au-list" aria-label="Automations">
        {query.data.map((automation) => (
          <AutomationItem
            key={automation.id}
            networkId={networkId}
            automation={automation}
            servers={servers}
            manage={manage}
            readOnly={readOnly}
            onEdit={() => setOpen({ dialog: 'edit', automation })}
            onDryRun={() => {
              setOpen({ dialog: 'dry-run', automation });
              startDryRun(automation);
            }}
            onHistory={() => setOpen({ dialog: 'history', automation })}
            onDelete={() => setOpen({ dialog: 'delete', automation })}
          />
        ))}
      </ul>
    );

  return (
    <>
      <div className="net-tab__header">
        <h2>Automation</h2>
        {manage && !premium && newButton('New automation')}
      </div>
      {body}
      {open?.dialog === 'edit' && (
        <AutomationDialog
          networkId={networkId}
          servers={servers}
          automation={open.automation}
          onClose={close}
        />
      )}
      {open?.dialog === 'history' && (
        <RunHistoryDialog networkId={networkId} automation={open.automation} onClose={close} />
      )}
      {open?.dialog === 'dry-run' && (
        <DryRunDialog
          automation={open.automation}
          state={dryRunState}
          onRetry={() => startDryRun(open.automation)}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={open?.dialog === 'delete'}
        title="Delete automation"
        description={
          open?.dialog === 'delete'
            ? `“${open.automation.name}” stops running and is removed with its run history.`
            : ''
        }
        confirmLabel="Delete automation"
        busyLabel="Deleting..."
        busy={removed.isLoading}
        onClose={() => {
          removed.reset();
          close();
        }}
        onConfirm={() => {
          if (open?.dialog !== 'delete') return;
          void remove({ networkId, automationId: open.automation.id })
            .unwrap()
            .then(close)
            .catch(() => undefined);
        }}
      >
        {removed.isError && (
          <p role="alert" className="net-form-error">
            {errorMessage(removed.error, 'Failed to delete the automation')}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
};

export type NetworkAutomationTabProps = { networkId: string };

/**
 * The network page's Automation tab (Premium): schedules and triggers with their runs. Owner and
 * admin manage them; moderators read the list and the runs; members are not offered the tab.
 */
export const NetworkAutomationTab = ({ networkId }: NetworkAutomationTabProps) => {
  // Both are already read by the network page: these answer from the cache.
  const { data: network } = useGetNetworkQuery(networkId);
  const { data: servers = [] } = useGetNetworkServersQuery(networkId);
  if (!network) return <Spinner label="Loading automation…" showLabel />;
  return (
    <div className="net-tab au-tab">
      {can(network.role, 'automation.view') ? (
        <AutomationArea network={network} servers={servers} />
      ) : (
        <>
          <h2>Automation</h2>
          <EmptyState
            title="Automation is for the staff"
            message="Moderators, admins and the owner see it."
          />
        </>
      )}
    </div>
  );
};

export default NetworkAutomationTab;
