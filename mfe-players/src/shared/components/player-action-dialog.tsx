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
import { Button, Modal, TextField } from '@outpost/ui';
import { isPermanentDuration, MESSAGES, parseBanDuration } from '@outpost/validation';
import { useId, useState, type FormEvent } from 'react';
import { ServerSelect } from './server-select';

const ACTION_LABELS: Record<PlayerAction, string> = { kick: 'Kick', warn: 'Warn', ban: 'Ban' };
const SCOPE_LABELS: Record<BanScope, string> = { network: 'Whole network', server: 'This server' };
/** "Whole network" first: it is the default, as the API's. */
const SCOPE_CHOICES: readonly BanScope[] = [...BAN_SCOPES].reverse();

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
  onSubmit: (values: PlayerActionValues) => void;
  onClose: () => void;
};

/** Spec section 4's player action dialog: kick, warn or ban with a reason prefilled from the defaults. */
export const PlayerActionDialog = ({
  player,
  initialAction,
  servers,
  defaultServerId,
  busy,
  onSubmit,
  onClose,
}: PlayerActionDialogProps) => {
  const [action, setAction] = useState<PlayerAction>(initialAction);
  const [reason, setReason] = useState(DEFAULT_REASONS[initialAction]);
  const [duration, setDuration] = useState('');
  const [scope, setScope] = useState<BanScope>('network');
  const [serverId, setServerId] = useState(defaultServerId);
  const [durationError, setDurationError] = useState<string | null>(null);
  const scopeName = useId();

  const chooseAction = (next: PlayerAction) => {
    // A reason the admin typed stays; an untouched default follows the action.
    if (reason === DEFAULT_REASONS[action]) setReason(DEFAULT_REASONS[next]);
    setAction(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (action === 'ban' && !isPermanentDuration(duration) && parseBanDuration(duration) === null) {
      setDurationError(MESSAGES.duration);
      return;
    }
    onSubmit({
      action,
      serverId,
      reason: reason.trim() || DEFAULT_REASONS[action],
      duration: duration.trim(),
      scope,
    });
  };

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!busy}
      title={`${ACTION_LABELS[action]} ${player.displayName}`}
      description="The command goes to the game server and is recorded in the player's punishments."
    >
      <form className="pl-form" onSubmit={submit} noValidate>
        <fieldset className="pl-choice">
          <legend>Action</legend>
          {PLAYER_ACTIONS.map((item) => (
            <label key={item}>
              <input
                type="radio"
                name="player-action"
                value={item}
                checked={action === item}
                onChange={() => chooseAction(item)}
              />
              {ACTION_LABELS[item]}
            </label>
          ))}
        </fieldset>
        {servers.length > 1 && <ServerSelect servers={servers} value={serverId} onChange={setServerId} />}
        <TextField
          label="Reason"
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
        {action === 'ban' && (
          <>
            <TextField
              label="Duration"
              value={duration}
              placeholder="Permanent"
              hint="Leave empty for a permanent ban, or enter e.g. 30m, 12h, 7d or 2w."
              error={durationError}
              onChange={(event) => {
                setDuration(event.target.value);
                setDurationError(null);
              }}
            />
            <fieldset className="pl-choice">
              <legend>Scope</legend>
              {SCOPE_CHOICES.map((item) => (
                <label key={item}>
                  <input
                    type="radio"
                    name={scopeName}
                    value={item}
                    checked={scope === item}
                    onChange={() => setScope(item)}
                  />
                  {SCOPE_LABELS[item]}
                </label>
              ))}
            </fieldset>
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
      </form>
    </Modal>
  );
};
