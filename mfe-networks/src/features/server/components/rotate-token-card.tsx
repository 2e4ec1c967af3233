import type { Server } from '@outpost/contracts';
import { Button } from '@outpost/ui';
import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { ServerTokenDialog, type IssuedToken } from '../../../shared/components/server-token-dialog';
import { errorMessage } from '../../../shared/utils/error-message';
import { useRotateServerTokenMutation } from '../api/server.api';

type RotateTokenCardProps = { server: Pick<Server, 'id' | 'name'> };

/** For owners and admins: a leaked plugin token is replaced here, and the new one shown once. */
export const RotateTokenCard = ({ server }: RotateTokenCardProps) => {
  const [confirming, setConfirming] = useState(false);
  const [issued, setIssued] = useState<IssuedToken | null>(null);
  const [rotate, { isLoading, error, reset }] = useRotateServerTokenMutation();

  const close = () => {
    reset();
    setConfirming(false);
  };

  const confirm = async () => {
    try {
      const { token } = await rotate(server.id).unwrap();
      setConfirming(false);
      setIssued({ name: server.name, token, rotated: true });
    } catch {
      // Shown in the dialog from the mutation's error.
    }
  };

  return (
    <section className="op-card net-ban-check" aria-labelledby="plugin-token-title">
      <h3 id="plugin-token-title">Plugin token</h3>
      <p className="net-muted">
        The panel keeps only a hash of this server&apos;s token. If it leaked, rotate it: the old token stops
        working at once.
      </p>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        Rotate Token
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={close}
        title="Rotate Token"
        description={`The plugin on ${server.name} stops reporting until it has the new token, and the ban check URL changes.`}
        confirmLabel="Rotate Token"
        busyLabel="Rotating..."
        busy={isLoading}
        onConfirm={() => void confirm()}
      >
        {error && (
          <p role="alert" className="net-form-error">
            {errorMessage(error, 'Failed to rotate the token')}
          </p>
        )}
      </ConfirmDialog>
      <ServerTokenDialog server={issued} onDone={() => setIssued(null)} />
    </section>
  );
};
