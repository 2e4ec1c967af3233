import { Button, Modal, useToast } from '@outpost/ui';
import { useRef } from 'react';

/** A server's new token (for the bridge or a protocol plugin): after it was added, or after its token was rotated. */
export type IssuedToken = { name: string; token: string; rotated?: boolean };

export type ServerTokenDialogProps = { server: IssuedToken | null; onDone: () => void };

/** The server token, shown this once: only its hash is stored. Closes on Done. */
export const ServerTokenDialog = ({ server, onDone }: ServerTokenDialogProps) => {
  const toast = useToast();
  const tokenRef = useRef<HTMLInputElement>(null);

  const copy = async () => {
    if (!server) return;
    try {
      await navigator.clipboard.writeText(server.token);
      toast.show({ message: 'Token copied to the clipboard', tone: 'success' });
    } catch {
      tokenRef.current?.select();
      toast.show({ message: 'Copy failed: the token is selected, press Ctrl+C', tone: 'warning' });
    }
  };

  return (
    <Modal
      open={server !== null}
      onClose={onDone}
      title={server?.rotated ? 'Server Token Rotated' : 'Server Token Created'}
      description={
        server
          ? server.rotated
            ? `The old token of ${server.name} no longer works. Give this one to the Outpost bridge (or to a third-party plugin that speaks the Outpost protocol).`
            : `${server.name} was added. Connect it through WebRCON on its page, or run the Outpost bridge beside it with this token (a third-party plugin that speaks the Outpost protocol takes it too).`
          : ''
      }
      dismissible={false}
      footer={<Button onClick={onDone}>Done</Button>}
    >
      <div className="net-token">
        <label className="op-field__label" htmlFor="server-token">
          Server Token
        </label>
        <div className="net-token__row">
          <input
            ref={tokenRef}
            id="server-token"
            className="op-input net-mono"
            readOnly
            value={server?.token ?? ''}
            onFocus={(event) => event.target.select()}
          />
          <Button variant="secondary" onClick={() => void copy()}>
            Copy Token
          </Button>
        </div>
        <p role="note" className="net-warning">
          This token is shown only once. Copy it now: you can rotate it later, but not see it again.
        </p>
      </div>
    </Modal>
  );
};
