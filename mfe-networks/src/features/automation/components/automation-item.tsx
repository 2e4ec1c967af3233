import type { Automation, Server } from '@outpost/contracts';
import { formatDateTime, formatLastSeen, formatTimestamp } from '@outpost/format';
import { Badge, Button, Toggle } from '@outpost/ui';
import { useId } from 'react';
import { READ_ONLY_HINT } from '../../../shared/hooks/use-read-only';
import { errorMessage } from '../../../shared/utils/error-message';
import { useRunAutomationMutation, useUpdateAutomationMutation } from '../api/automation.api';
import {
  describeAutomation,
  KIND_LABELS,
  RUN_STATUS_LABELS,
  RUN_STATUS_TONES,
  serversText,
} from '../utils/automation-labels';

export type AutomationItemProps = {
  networkId: string;
  automation: Automation;
  servers: readonly Server[];
  /** automation.manage (owner, admin): the toggle and the buttons that change or run it. */
  manage: boolean;
  /** The demo: the buttons show but do nothing. */
  readOnly: boolean;
  onEdit: () => void;
  onDryRun: () => void;
  onHistory: () => void;
  onDelete: () => void;
};

const LastRun = ({ lastRun }: Pick<Automation, 'lastRun'>) =>
  lastRun ? (
    <>
      <Badge tone={RUN_STATUS_TONES[lastRun.status]}>{RUN_STATUS_LABELS[lastRun.status]}</Badge>{' '}
      <time dateTime={lastRun.startedAt} title={formatTimestamp(lastRun.startedAt)}>
        {formatLastSeen(lastRun.startedAt).toLowerCase()}
      </time>
    </>
  ) : (
    <>Never</>
  );

/** One automation: what sets it off, where, whether it is on, its next and last run, and what can be done. */
export const AutomationItem = ({
  networkId,
  automation,
  servers,
  manage,
  readOnly,
  onEdit,
  onDryRun,
  onHistory,
  onDelete,
}: AutomationItemProps) => {
  const titleId = useId();
  const [update, updated] = useUpdateAutomationMutation();
  const [run, ran] = useRunAutomationMutation();
  const ids = { networkId, automationId: automation.id };
  const writeProps = { disabled: readOnly, title: readOnly ? READ_ONLY_HINT : undefined };
  const failure = updated.error ?? ran.error;

  const runNow = async () => {
    try {
      await run(ids).unwrap();
      onHistory();
    } catch {
      // Said under the row, from the mutation's error.
    }
  };

  return (
    <li className="au-item" aria-labelledby={titleId}>
      <div className="au-item__text">
        <p className="au-item__title">
          <span id={titleId}>{automation.name}</span>
          <Badge tone="info">{KIND_LABELS[automation.kind]}</Badge>
        </p>
        <p className="net-muted">
          {describeAutomation(automation)} · {serversText(automation.serverIds, servers)}
        </p>
        <dl className="au-facts">
          {automation.kind === 'schedule' && (
            <div>
              <dt>Next run</dt>
              <dd>
                {automation.nextRunAt ? (
                  <time dateTime={automation.nextRunAt}>{formatDateTime(automation.nextRunAt)}</time>
                ) : (
                  'Not while it is off'
                )}
              </dd>
            </div>
          )}
          <div>
            <dt>Last run</dt>
            <dd>
              <LastRun lastRun={automation.lastRun} />
            </dd>
          </div>
        </dl>
        {failure !== undefined && (
          <p role="alert" className="net-form-error">
            {errorMessage(
              failure,
              updated.error ? 'Failed to change the automation' : 'Failed to start the run',
            )}
          </p>
        )}
      </div>
      <div className="au-item__actions">
        <Toggle
          label="Enabled"
          checked={automation.enabled}
          disabled={!manage || readOnly || updated.isLoading}
          title={writeProps.title}
          onChange={(enabled) => void update({ ...ids, changes: { enabled } })}
        />
        {manage && (
          <Button size="sm" variant="secondary" {...writeProps} onClick={onEdit}>
            Edit
          </Button>
        )}
        {manage && automation.kind === 'schedule' && (
          <Button
            size="sm"
            {...writeProps}
            busy={ran.isLoading}
            busyLabel="Starting…"
            onClick={() => void runNow()}
          >
            Run now
          </Button>
        )}
        {manage && automation.kind === 'trigger' && (
          <Button size="sm" {...writeProps} onClick={onDryRun}>
            Dry run
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={onHistory}>
          Run history
        </Button>
        {manage && (
          <Button size="sm" variant="ghost" {...writeProps} onClick={onDelete}>
            Delete
          </Button>
        )}
      </div>
    </li>
  );
};
