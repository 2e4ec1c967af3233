import type { Server } from '@outpost/contracts';
import { Button } from '@outpost/ui';
import { useState } from 'react';
import { ServerTokenDialog, type IssuedToken } from '../../../shared/components/server-token-dialog';
import { READ_ONLY_HINT } from '../../../shared/hooks/use-read-only';
import { RotateTokenDialog } from './rotate-token-dialog';

type RotateTokenCardProps = {
  server: Pick<Server, 'id' | 'name'>;
  /** The demo: Rotate Token shows, disabled, saying the demo is read-only. */
  readOnly?: boolean;
};

/** For owners and admins: a leaked server token is replaced here, and the new one shown once. */
export const RotateTokenCard = ({ server, readOnly = false }: RotateTokenCardProps) => {
  const [confirming, setConfirming] = useState(false);
  const [issued, setIssued] = useState<IssuedToken | null>(null);

  return (
    <section className="op-card net-ban-check" aria-labelledby="server-token-title">
      <h3 id="server-token-title">Server token</h3>
      <p className="net-muted">
        The panel keeps only a hash of this server&apos;s token. If it leaked, rotate it: the old token stops
        working at once.
      </p>
      <Button
        variant="secondary"
        disabled={readOnly}
        title={readOnly ? READ_ONLY_HINT : undefined}
        onClick={() => setConfirming(true)}
      >
        Rotate Token
      </Button>
      <RotateTokenDialog
        open={confirming}
        serverId={server.id}
        title="Rotate Token"
        description={`The bridge (or a protocol plugin) of ${server.name} stops reporting until it has the new token, and the ban check URL changes. A connection through WebRCON needs no token.`}
        onClose={() => setConfirming(false)}
        onRotated={(token) => {
          setConfirming(false);
          setIssued({ name: server.name, token, rotated: true });
        }}
      />
      <ServerTokenDialog server={issued} onDone={() => setIssued(null)} />
    </section>
  );
};
