import type { Network } from '@outpost/contracts';
import { NetworkSettingsForm } from '../../../shared/components/network-settings-form';

export type SettingsTabProps = { network: Network; onDeleted: () => void };

/** Owner only (the tab is hidden for everyone else). */
export const SettingsTab = ({ network, onDeleted }: SettingsTabProps) => (
  <div className="net-tab">
    <h2>Network Settings</h2>
    <NetworkSettingsForm network={network} onDeleted={onDeleted} />
  </div>
);
