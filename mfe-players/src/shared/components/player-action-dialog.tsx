import {
  BAN_SCOPES,
  DEFAULT_REASONS,
  PLAYER_ACTIONS,
  type BanScope,
  type Player,
  type PlayerAction,
  type PlayerActionRequest,
  type Server,
} from '@outpost/contracts';
import { Button, Modal, RadioGroup, TextField } from '@outpost/ui';
import { MESSAGES, parseBanDuration } from '@outpost/validation';
import { useState, type FormEvent, type ReactNode } from 'react';
import { CommandOutcome, type SentCommand } from './command-outcome';
import { ServerSelect } from './server-select';

const ACTION_LABELS: Record<PlayerAction, string> = { kick: 'Kick', warn: 'Warn', ban: 'Ban' };
const SCOPE_LABELS: Record<BanScope, string> = { server: 'This server', network: 'Whole network' };

/** The ban's length: a choice, never preselected; 'custom' takes a typed duration like 12h. */
export const BAN_DURATION_CHOICES = ['1h', '1d', '7d', '30d', 'custom', 'permanent'] as const;
export type BanDurationChoice = (typeof BAN_DURATION_CHOICES)[number];
const DURATION_LABELS: Record<BanDurationChoice, string> = {
  '1h': '1 hour',
  '1d': '1 day',
  '7d': '7 days',
  '30d': '30 days',
  custom: 'Custom',
  permanent: 'Permanent',
};

export type PlayerActionValues = {
  action: PlayerAction;
  serverId: string;
  reason: string;
  /** Ban only; '' is permanent. */
  duration: string;
  /** Ban only: every server of the network, or only the chosen one. */
  scope: BanScope;
};

/** The body of POST /api/players/{steamId}/{action} for the dialog's values (and the report it punishes). */
export const playerActionRequest = (
  { action, serverId, reason, duration, scope }: PlayerActionValues,
  reportId?: string,
): PlayerActionRequest => ({
  serverId,
  reason,
  ...(action === 'ban' && { duration, scope }),
  ...(reportId && { reportId }),
});

/** Who the dialog acts on: a listed player, or just a name and a Steam ID (a report's target). */
export type PlayerActionTarget = Pick<Player, 'steamId' | 'displayName'>;

export type PlayerActionDialogProps = {
  player: PlayerActionTarget;
  /** The action whose button opened the dialog. */
  initialAction: PlayerAction;
  /** Where the command goes: the player's server is preselected. */
  servers: readonly Server[];
  defaultServerId: string;
  busy: boolean;
  /** The command the action sent: the dialog then follows it to its outcome. */
  sent?: SentCommand | null;
  onSubmit: (values: PlayerActionValues) => void;
  onClose: () => void;
};

/**
 * Spec section 4's player action dialog: kick, warn or ban with a reason prefilled from the
 * defaults. A ban asks how long and where, with nothing chosen beforehand, and a permanent ban of
 * the whole network asks once more. Once sent, the dialog follows the command to its outcome.
 */
export const PlayerActionDialog = ({
  player,
  initialAction,
  servers,
  defaultServerId,
  busy,
  sent = null,
  onSubmit,
  onClose,
}: PlayerActionDialogProps) => {
  const [action, setAction] = useState<PlayerAction>(initialAction);
  const [reason, setReason] = useState(DEFAULT_REASONS[initialAction]);
  const [durationChoice, setDurationChoice] = useState<BanDurationChoice | null>(null);
  const [customDuration, setCustomDuration] = useState('');
  const [scope, setScope] = useState<BanScope | null>(null);
  const [serverId, setServerId] = useState(defaultServerId);
  const [errors, setErrors] = useState<{ duration?: string; scope?: string }>({});
  /** A permanent ban of the whole network, waiting for its confirmation. */
  const [confirming, setConfirming] = useState<PlayerActionValues | null>(null);

  const chooseAction = (next: PlayerAction) => {
    // A reason the admin typed stays; an untouched default follows the action.
    if (reason === DEFAULT_REASONS[action]) setReason(DEFAULT_REASONS[next]);
    setAction(next);
  };

  const durationOf = (choice: BanDurationChoice): string =>
    choice === 'permanent' ? '' : choice === 'custom' ? customDuration.trim() : choice;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = {
      action,
      serverId,
      reason: reason.trim() || DEFAULT_REASONS[action],
      duration: '',
      scope: 'server' as BanScope,
    };
    if (action !== 'ban') return onSubmit(values);
    const found: typeof errors = {};
    if (!durationChoice) found.duration = MESSAGES.banDurationRequired;
    else if (durationChoice === 'custom' && parseBanDuration(customDuration) === null)
      found.duration = MESSAGES.duration;
    if (!scope) found.scope = MESSAGES.banScopeRequired;
    setErrors(found);
    if (!durationChoice || !scope || found.duration || found.scope) return;
    const ban = { ...values, duration: durationOf(durationChoice), scope };
    if (durationChoice === 'permanent' && scope === 'network') return setConfirming(ban);
    onSubmit(ban);
  };

  const frame = (children: ReactNode, dismissible = !busy) => (
    <Modal
      open
      onClose={onClose}
      dismissible={dismissible}
      title={`${ACTION_LABELS[action]} ${player.displayName}`}
      description="The command goes to the game server and is recorded in the player's punishments."
    >
      {children}
    </Modal>
  );

  if (sent)
    return frame(
      <div className="pl-form">
        <CommandOutcome sent={sent} servers={servers} />
        <div className="pl-form__actions">
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
        </div>
      </div>,
      true,
    );

  if (confirming)
    return frame(
      <div className="pl-form">
        <p className="pl-confirm" role="alert">
          {`Ban ${player.displayName} permanently from every server of the network? The ban holds on ` +
            'servers added later too, until someone unbans them.'}
        </p>
        <div className="pl-form__actions">
          <Button variant="secondary" onClick={() => setConfirming(null)} disabled={busy}>
            Back
          </Button>
          <Button variant="danger" busy={busy} onClick={() => onSubmit(confirming)}>
            Confirm Permanent Ban
          </Button>
        </div>
      </div>,
    );

  return frame(
    <form className="pl-form" onSubmit={submit} noValidate>
      <RadioGroup
        legend="Action"
        choices={PLAYER_ACTIONS}
        labels={ACTION_LABELS}
        value={action}
        onChange={chooseAction}
      />
      {servers.length > 1 && <ServerSelect servers={servers} value={serverId} onChange={setServerId} />}
      <TextField
        label="Reason"
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
      {action === 'ban' && (
        <>
          <RadioGroup
            legend="Duration"
            choices={BAN_DURATION_CHOICES}
            labels={DURATION_LABELS}
            value={durationChoice}
            error={durationChoice === 'custom' ? null : errors.duration}
            onChange={(choice) => {
              setDurationChoice(choice);
              setErrors(({ scope: scopeError }) => ({ scope: scopeError }));
            }}
          />
          {durationChoice === 'custom' && (
            <TextField
              label="Custom duration"
              value={customDuration}
              hint="A number and m, h, d or w: e.g. 30m, 12h or 2w."
              error={errors.duration}
              onChange={(event) => {
                setCustomDuration(event.target.value);
                setErrors(({ scope: scopeError }) => ({ scope: scopeError }));
              }}
            />
          )}
          <RadioGroup
            legend="Scope"
            choices={BAN_SCOPES}
            labels={SCOPE_LABELS}
            value={scope}
            error={errors.scope}
            onChange={(choice) => {
              setScope(choice);
              setErrors(({ duration }) => ({ duration }));
            }}
          />
        </>
      )}
      <div className="pl-form__actions">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant={action === 'warn' ? 'primary' : 'danger'} busy={busy}>
          {`${ACTION_LABELS[action]} Player`}
        </Button>
      </div>
    </form>,
  );
};
