import type { Automation, AutomationRun, AutomationRunAction } from '@outpost/contracts';
import { itemsOfPages, useOlderPages } from '@outpost/api-cache';
import { formatTimestamp } from '@outpost/format';
import { Badge, EmptyState, ErrorState, LoadOlder, Modal, Spinner } from '@outpost/ui';
import { listErrorMessage } from '../../../shared/utils/error-message';
import { useGetAutomationRunsInfiniteQuery } from '../api/automation.api';
import {
  ACTION_STATUS_LABELS,
  ACTION_STATUS_TONES,
  ACTION_TYPE_LABELS,
  causeLabel,
  RUN_STATUS_LABELS,
  RUN_STATUS_TONES,
  runDuration,
} from '../utils/automation-labels';

const runsOf = itemsOfPages('runs');

/** One action of a run: its place, type, what it sent and how it went (why, when it failed). */
const RunActionItem = ({ action }: { action: AutomationRunAction }) => (
  <li className="au-run-action">
    <span className="au-run-action__head">
      <span>
        {action.position + 1}. {ACTION_TYPE_LABELS[action.type]}
      </span>
      <Badge tone={ACTION_STATUS_TONES[action.status]}>{ACTION_STATUS_LABELS[action.status]}</Badge>
    </span>
    {action.sent && <code className="au-sent">{action.sent}</code>}
    {action.detail && (
      <span className={action.status === 'failed' ? 'au-why' : 'net-muted'}>
        {action.status === 'failed' ? `Why: ${action.detail}` : action.detail}
      </span>
    )}
  </li>
);

const RunItem = ({ run }: { run: AutomationRun }) => {
  const title = `${causeLabel(run.cause)}: ${run.summary}`;
  return (
    <li className="au-run" aria-label={title}>
      <p className="au-run__title">
        <Badge tone={RUN_STATUS_TONES[run.status]}>{RUN_STATUS_LABELS[run.status]}</Badge>
        <span>{title}</span>
      </p>
      <p className="net-muted">
        {run.serverName ?? 'No server'} ·{' '}
        <time dateTime={run.startedAt}>{formatTimestamp(run.startedAt)}</time> · {runDuration(run)}
      </p>
      {run.reason && <p className="net-muted">{run.reason}</p>}
      {run.actions.length > 0 && (
        <ol className="au-run__actions" aria-label={`Actions of ${title}`}>
          {run.actions.map((action) => (
            <RunActionItem key={action.position} action={action} />
          ))}
        </ol>
      )}
    </li>
  );
};

export type RunHistoryDialogProps = { networkId: string; automation: Automation; onClose: () => void };

/** An automation's runs, newest first, each with its actions' outcomes; kept current by the live stream. */
export const RunHistoryDialog = ({ networkId, automation, onClose }: RunHistoryDialogProps) => {
  const query = useGetAutomationRunsInfiniteQuery({ networkId, automationId: automation.id });
  const { items: runs, older } = useOlderPages(query, runsOf);

  let body;
  if (!query.currentData && query.isFetching) body = <Spinner label="Loading runs…" showLabel />;
  else if (!query.currentData)
    body = (
      <ErrorState
        title="Failed to load the runs"
        message={listErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  else if (runs.length === 0)
    body = (
      <EmptyState
        title="No runs yet"
        message={
          automation.kind === 'schedule'
            ? 'It runs at its next time, or now with Run now.'
            : 'It runs when its event happens. Dry run shows what it would have done.'
        }
      />
    );
  else
    body = (
      <>
        <ol className="au-runs" aria-label="Runs">
          {runs.map((run) => (
            <RunItem key={run.id} run={run} />
          ))}
        </ol>
        <LoadOlder {...older} noun="runs" errorText={listErrorMessage} />
      </>
    );

  return (
    <Modal open onClose={onClose} title={`Run history: ${automation.name}`} size="lg">
      <div className="au-history" aria-busy={query.isFetching}>
        {body}
      </div>
    </Modal>
  );
};
