import {
  AUTOMATION_LIMITS,
  type Automation,
  type DryRunMatch,
  type DryRunResponse,
} from '@outpost/contracts';
import { formatTimestamp } from '@outpost/format';
import { EmptyState, ErrorState, Modal, Spinner } from '@outpost/ui';
import { errorMessage } from '../../../shared/utils/error-message';
import { ACTION_TYPE_LABELS, EVENT_LABELS } from '../utils/automation-labels';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

const MatchItem = ({ match }: { match: DryRunMatch }) => (
  <li className="au-run" aria-label={match.summary}>
    <p className="au-run__title">{match.summary}</p>
    <p className="net-muted">
      {match.serverName} · <time dateTime={match.at}>{formatTimestamp(match.at)}</time>
    </p>
    <ol className="au-run__actions" aria-label={`Would have sent for ${match.summary}`}>
      {match.actions.map((action) => (
        <li key={action.position} className="au-run-action">
          <span>
            {action.position + 1}. {ACTION_TYPE_LABELS[action.type]}
          </span>
          <code className="au-sent">{action.sent}</code>
        </li>
      ))}
    </ol>
  </li>
);

const DryRunResult = ({ automation, result }: { automation: Automation; result: DryRunResponse }) => {
  const event = automation.trigger ? EVENT_LABELS[automation.trigger.event] : 'This trigger';
  if (!result.replayable)
    return (
      <EmptyState
        title="Nothing to replay"
        message={`“${event}” is not kept as a logged event, so a dry run cannot replay it. Turn the automation on and watch its Run history instead.`}
      />
    );
  return (
    <>
      <p className="au-dry-run__summary">
        {plural(result.examined, 'event')} in the last {AUTOMATION_LIMITS.dryRunHours} h examined;{' '}
        {result.matches.length} would have fired.
      </p>
      {result.matches.length > 0 && (
        <ol className="au-runs" aria-label="Would have fired">
          {result.matches.map((match) => (
            <MatchItem key={`${match.at}-${match.serverId}-${match.summary}`} match={match} />
          ))}
        </ol>
      )}
      <p className="net-muted">A dry run acts on nothing: no command, message or alert was sent.</p>
    </>
  );
};

export type DryRunDialogProps = {
  automation: Automation;
  /** The dry run's call, as RTK Query hands it back. */
  state: { isLoading: boolean; data?: DryRunResponse; error?: unknown };
  onRetry: () => void;
  onClose: () => void;
};

/** What a trigger would have done over the last 24 h of its servers' events. */
export const DryRunDialog = ({ automation, state, onRetry, onClose }: DryRunDialogProps) => {
  let body;
  if (state.data) body = <DryRunResult automation={automation} result={state.data} />;
  else if (state.isLoading || state.error === undefined)
    body = <Spinner label={`Replaying the last ${AUTOMATION_LIMITS.dryRunHours} h…`} showLabel />;
  else
    body = (
      <ErrorState
        title="The dry run failed"
        message={errorMessage(state.error, 'The panel could not replay the events.')}
        onRetry={onRetry}
      />
    );
  return (
    <Modal open onClose={onClose} title={`Dry run: ${automation.name}`} size="lg">
      {body}
    </Modal>
  );
};
