import './players.css';
import { PlayersTab } from './features/player-list/components/players-tab';

/** Exposed as ./PlayersTab: the network dashboard's Players tab, rendered inside mfe-networks. */
export default PlayersTab;
