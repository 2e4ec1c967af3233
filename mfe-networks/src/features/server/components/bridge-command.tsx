import type { Server } from '@outpost/contracts';
import { Button, useToast } from '@outpost/ui';
import { useState } from 'react';
import { usePanelUrl } from '../hooks/use-panel-url';
import {
  bridgeCommand,
  linuxDownload,
  linuxRun,
  linuxService,
  windowsRun,
  windowsService,
} from '../utils/bridge-commands';
import { RotateTokenDialog } from './rotate-token-dialog';

type CodeProps = { label: string; text: string };

const Code = ({ label, text }: CodeProps) => (
  <pre className="net-code" aria-label={label}>
    <code>{text}</code>
  </pre>
);

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
  // The secrets in the environment, as the README and the bridge's --help say: flags show in `ps`.
  const command = linuxRun(panelUrl, token);

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
        On the game server&apos;s machine (Node.js 20 or newer): download the bridge from this panel, check
        it, and run it with the password set by +rcon.password. It dials out to this panel, so no port needs
        opening.
      </p>
      <h5>Linux</h5>
      <Code label="Download the bridge (Linux)" text={linuxDownload(panelUrl)} />
      <Code label="Bridge command" text={command} />
      <details>
        <summary>The same with flags</summary>
        <p className="net-muted">
          Every setting is also a flag; the token and the password then show in the machine&apos;s process
          list, so prefer the environment above.
        </p>
        <Code label="Bridge command with flags" text={bridgeCommand(panelUrl, token)} />
      </details>
      <details>
        <summary>Keep it running with systemd</summary>
        <p className="net-muted">
          The token and the password go in /etc/outpost-bridge.env, which only root reads; systemd restarts
          the bridge whenever it stops.
        </p>
        <Code label="systemd service (Linux)" text={linuxService(panelUrl, token)} />
      </details>
      <h5>Windows</h5>
      <Code label="Bridge command (Windows PowerShell)" text={windowsRun(panelUrl, token)} />
      <details>
        <summary>Keep it running as a service</summary>
        <p className="net-muted">
          In an administrator PowerShell, in the folder of the checked download: a task that starts with
          Windows as SYSTEM and restarts the bridge after a failure. The secrets go in a file only SYSTEM and
          Administrators read (Node.js 20.6 or newer reads it with --env-file).
        </p>
        <Code label="Windows service" text={windowsService(panelUrl, token)} />
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
