import { RCON_DEFAULT_PORT, type Server } from '@outpost/contracts';
import { Button, useToast } from '@outpost/ui';
import { useState } from 'react';
import { usePanelUrl } from '../hooks/use-panel-url';
import { RotateTokenDialog } from './rotate-token-dialog';

const TOKEN_PLACEHOLDER = '<server token>';
const PASSWORD_PLACEHOLDER = '<your rcon password>';

/** The bridge's command line for this panel, with the token when the panel just issued one. */
export const bridgeCommand = (panelUrl: string, token: string | null): string =>
  [
    'npx outpost-bridge',
    `--url ${panelUrl}`,
    `--token ${token ?? TOKEN_PLACEHOLDER}`,
    '--rcon-host 127.0.0.1',
    `--rcon-port ${RCON_DEFAULT_PORT}`,
    `--rcon-password ${PASSWORD_PLACEHOLDER}`,
  ].join(' ');

/** The same settings as environment variables (nothing secret in the shell's history or `ps`). */
export const bridgeEnvironment = (panelUrl: string, token: string | null): string =>
  [
    `OUTPOST_URL=${panelUrl}`,
    `OUTPOST_TOKEN=${token ?? TOKEN_PLACEHOLDER}`,
    'RCON_HOST=127.0.0.1',
    `RCON_PORT=${RCON_DEFAULT_PORT}`,
    `RCON_PASSWORD=${PASSWORD_PLACEHOLDER}`,
    'npx outpost-bridge',
  ].join(' \\\n  ');

export type BridgeCommandProps = { server: Pick<Server, 'id' | 'name'> };

/**
 * "Run the bridge": the exact command for the game server's machine. The token was shown only once,
 * when the server was added, so a new one can be issued here (the old one stops working).
 */
export const BridgeCommand = ({ server }: BridgeCommandProps) => {
  const toast = useToast();
  const [token, setToken] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const panelUrl = usePanelUrl();
  const command = bridgeCommand(panelUrl, token);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      toast.show({ message: 'Command copied to the clipboard', tone: 'success' });
    } catch {
      toast.show({ message: 'Copy failed: select the command and press Ctrl+C', tone: 'warning' });
    }
  };

  return (
    <div className="net-bridge">
      <p className="net-muted">
        On the game server&apos;s machine (Node.js 20 or newer, in a checkout of Outpost), run the bridge with
        the password set by +rcon.password. It dials out to this panel, so no port needs opening.
      </p>
      <pre className="net-code" aria-label="Bridge command">
        <code>{command}</code>
      </pre>
      <details>
        <summary>The same with environment variables</summary>
        <pre className="net-code" aria-label="Bridge command with environment variables">
          <code>{bridgeEnvironment(panelUrl, token)}</code>
        </pre>
      </details>
      {token ? (
        <p className="net-warning">
          This is the new token of {server.name}: it is shown only now. The old one no longer works.
        </p>
      ) : (
        <p className="net-muted">
          The token was shown once, when the server was added. If you no longer have it, issue a new one.
        </p>
      )}
      <div className="net-rcon-form__actions">
        <Button variant="secondary" onClick={() => void copy()}>
          Copy Command
        </Button>
        {!token && (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Rotate token and show the command
          </Button>
        )}
      </div>
      <RotateTokenDialog
        open={confirming}
        serverId={server.id}
        title="Rotate token"
        description={`The old token of ${server.name} stops working at once: a plugin or bridge using it stops reporting until it has the new one.`}
        onClose={() => setConfirming(false)}
        onRotated={(issued) => {
          setConfirming(false);
          setToken(issued);
        }}
      />
    </div>
  );
};
