import './players.css';
import { ReportsTab } from './moderation/punishments-tab';

/** Exposed as ./ReportsTab: the network page's Reports tab, rendered inside mfe-networks. */
export default ReportsTab;
