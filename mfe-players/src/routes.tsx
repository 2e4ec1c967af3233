import type { RemoteRoutesProps } from '@outpost/contracts';
import { ScreenSwitch, type ScreenMap } from '@outpost/ui';
import { lazy } from 'react';
import './players.css';

const screens: ScreenMap = {
  'player-profile': lazy(() => import('./features/player-profile/components/player-profile-page')),
  'server-players': lazy(() => import('./features/player-list/components/server-players-page')),
};

/** mfe-players' screens: a player's profile and a server's players. */
export default function PlayersRoutes({ screen }: RemoteRoutesProps) {
  return <ScreenSwitch remote="mfe-players" screens={screens} screen={screen} />;
}
