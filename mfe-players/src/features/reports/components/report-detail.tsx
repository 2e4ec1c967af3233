import { useGetNetworkServersQuery } from '@outpost/api-cache';
import {
  DEMO_READ_ONLY_MESSAGE,
  REPORT_STATE_LABELS,
  REPORT_STATES,
  type PlayerAction,
  type ReportItem,
  type ReportState,
} from '@outpost/contracts';
import { Button, useToast } from '@outpost/ui';
import { useState } from 'react';
import { useModeratePlayerMutation } from '../../../shared/api/moderation.api';
import type { SentCommand } from '../../../shared/components/command-outcome';
import {
  PlayerActionDialog,
  playerActionRequest,
  type PlayerActionValues,
} from '../../../shared/components/player-action-dialog';
import { apiErrorText } from '../../../shared/utils/api-error';
import { sentToText } from '../../../shared/utils/command-outcome';
import { useUpdateReportMutation } from '../api/reports.api';
import { ReportAssignee } from './report-assignee';
import { ReportAttachments } from './report-attachments';
import { ReportNotes } from './report-notes';

const SENT: Record<PlayerAction, string> = { kick: 'Kick', warn: 'Warning', ban: 'Ban' };

export type ReportDetailProps = {
  networkId: string;
  report: ReportItem;
  /** Punish (players.moderate, never the demo). */
  canModerate: boolean;
  /** The assignee choice among all who work reports (the staff, who see the members). */
  canChooseAnyone: boolean;
  /** The demo: everything shows, and every control says it is read-only. */
  readOnly?: boolean;
};

/** Working one report: its state, who has it, the note thread, and a punishment linked to it. */
export const ReportDetail = ({
  networkId,
  report,
  canModerate,
  canChooseAnyone,
  readOnly = false,
}: ReportDetailProps) => {
  const readOnlyTitle = readOnly ? DEMO_READ_ONLY_MESSAGE : undefined;
  const [update, updating] = useUpdateReportMutation();
  const [moderate, moderating] = useModeratePlayerMutation();
  const [punishing, setPunishing] = useState(false);
  /** The punishment's command: the dialog follows it to its outcome. */
  const [sent, setSent] = useState<SentCommand | null>(null);
  const servers = useGetNetworkServersQuery(networkId, { skip: !canModerate });
  const toast = useToast();
  const target = report.target;
  const targetName = target?.name ?? target?.steamId ?? '';

  const setState = (state: ReportState) => void update({ reportId: report.id, changes: { state } });
  const assign = (assigneeId: string | null) => void update({ reportId: report.id, changes: { assigneeId } });

  const punish = async (values: PlayerActionValues) => {
    if (!target) return;
    try {
      const { punishment, commandId } = await moderate({
        steamId: target.steamId,
        action: values.action,
        body: playerActionRequest(values, report.id),
      }).unwrap();
      const server = punishment.serverName ?? 'the game server';
      const status = servers.data?.find((found) => found.id === values.serverId)?.status;
      toast.show({
        tone: 'success',
        message: `${SENT[values.action]} of ${targetName} ${sentToText(server, status)}; the report is linked to it.`,
      });
      setSent({ serverId: values.serverId, commandId });
    } catch (error) {
      console.error(`Player ${values.action} from a report failed`, error);
      toast.show({
        tone: 'danger',
        message: apiErrorText(error, `Failed to ${values.action} ${targetName}`),
      });
      setPunishing(false);
    }
  };

  return (
    <div className="pl-report-detail">
      <div className="pl-row-actions" role="group" aria-label="Report state">
        {REPORT_STATES.map((state) => (
          <Button
            key={state}
            size="sm"
            variant={report.state === state ? 'primary' : 'secondary'}
            aria-pressed={report.state === state}
            disabled={updating.isLoading || readOnly}
            title={readOnlyTitle}
            onClick={() => report.state !== state && setState(state)}
          >
            {REPORT_STATE_LABELS[state]}
          </Button>
        ))}
      </div>
      <ReportAttachments report={report} />
      <ReportAssignee
        networkId={networkId}
        report={report}
        canChooseAnyone={canChooseAnyone}
        busy={updating.isLoading}
        readOnly={readOnly}
        onAssign={assign}
      />
      {updating.isError && (
        <p className="pl-error" role="alert">
          {apiErrorText(updating.error, 'Updating the report failed')}
        </p>
      )}
      {(canModerate || readOnly) && target && (
        <div className="pl-row-actions">
          <Button
            variant="danger"
            size="sm"
            disabled={readOnly}
            title={readOnlyTitle}
            onClick={() => {
              setSent(null);
              setPunishing(true);
            }}
          >
            Punish
          </Button>
          {report.punishmentId && <span className="pl-muted">A punishment was issued from this report.</span>}
        </div>
      )}
      <ReportNotes report={report} readOnly={readOnly} />
      {punishing && target && (
        <PlayerActionDialog
          player={{ steamId: target.steamId, displayName: targetName }}
          initialAction="ban"
          servers={servers.data ?? []}
          defaultServerId={report.serverId ?? servers.data?.[0]?.id ?? ''}
          busy={moderating.isLoading}
          sent={sent}
          onSubmit={(values) => void punish(values)}
          onClose={() => setPunishing(false)}
        />
      )}
    </div>
  );
};
