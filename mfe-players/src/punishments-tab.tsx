import './players.css';
import { PunishmentsTab } from './moderation/punishments-tab';

/** Exposed as ./PunishmentsTab: the network page's Punishments tab, rendered inside mfe-networks. */
export default PunishmentsTab;
