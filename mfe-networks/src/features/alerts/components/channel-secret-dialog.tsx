import { ALERT_SIGNATURE_HEADER, ALERT_TIMESTAMP_HEADER } from '@outpost/contracts';
import { Button, Modal, useToast } from '@outpost/ui';
import { useRef } from 'react';

export type ChannelSecretDialogProps = {
  /** The new webhook channel's name and secret; null closes the dialog. */
  channel: { name: string; secret: string } | null;
  onDone: () => void;
};

/** A generic webhook's signing secret, shown this once: the panel keeps it only to sign. */
export const ChannelSecretDialog = ({ channel, onDone }: ChannelSecretDialogProps) => {
  const toast = useToast();
  const secretRef = useRef<HTMLInputElement>(null);

  const copy = async () => {
    if (!channel) return;
    try {
      await navigator.clipboard.writeText(channel.secret);
      toast.show({ message: 'Secret copied to the clipboard', tone: 'success' });
    } catch {
      secretRef.current?.select();
      toast.show({ message: 'Copy failed: the secret is selected, press Ctrl+C', tone: 'warning' });
    }
  };

  return (
    <Modal
      open={channel !== null}
      onClose={onDone}
      title="Webhook Signing Secret"
      description={
        channel
          ? `${channel.name} signs each request with this secret: ${ALERT_SIGNATURE_HEADER} is the hex HMAC-SHA256 of the ${ALERT_TIMESTAMP_HEADER} value, a dot and the raw body. Refuse a timestamp older than 5 minutes.`
          : ''
      }
      dismissible={false}
      footer={<Button onClick={onDone}>Done</Button>}
    >
      <div className="net-token">
        <label className="op-field__label" htmlFor="webhook-secret">
          Signing secret
        </label>
        <div className="net-token__row">
          <input
            ref={secretRef}
            id="webhook-secret"
            className="op-input net-mono"
            readOnly
            value={channel?.secret ?? ''}
            onFocus={(event) => event.target.select()}
          />
          <Button variant="secondary" onClick={() => void copy()}>
            Copy Secret
          </Button>
        </div>
        <p role="note" className="net-warning">
          This secret is shown only once and will not be shown again. Copy it now into the receiving service.
        </p>
      </div>
    </Modal>
  );
};
