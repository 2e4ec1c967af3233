import './players.css';
import { PunishmentsTab } from './features/punishments/components/punishments-tab';

/** Exposed as ./PunishmentsTab: the network page's Punishments tab, rendered inside mfe-networks. */
export default PunishmentsTab;
