import type { Network } from '@outpost/contracts';
import { Modal } from '@outpost/ui';
import { NetworkSettingsForm } from '../../../shared/components/network-settings-form';

export type NetworkSettingsDialogProps = { network: Network | null; onClose: () => void };

/** The settings button of a card (owner or admin); after a deletion it closes and the list reloads. */
export const NetworkSettingsDialog = ({ network, onClose }: NetworkSettingsDialogProps) => (
  <Modal
    open={network !== null}
    onClose={onClose}
    title="Network Settings"
    description={network?.name}
    size="lg"
  >
    {network && <NetworkSettingsForm key={network.id} network={network} onDeleted={onClose} />}
  </Modal>
);
