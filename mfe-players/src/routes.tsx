import { SERVER_AREA_DEFS, SERVER_AREAS, type RemoteRoutesProps } from '@outpost/contracts';
import { ScreenSwitch, type ScreenMap } from '@outpost/ui';
import { lazy } from 'react';
import '@outpost/server-frame/server-frame.css';
import './players.css';

declare const OUTPOST_BUILD_MARKER: string | undefined;
/** Set by the build (OUTPOST_BUILD_MARKER); absent where nothing defines it (unit tests). */
const BUILD_MARKER = typeof OUTPOST_BUILD_MARKER === 'string' ? OUTPOST_BUILD_MARKER : '';

const UpcomingAreaPage = lazy(() => import('./features/player-list/components/upcoming-area-page'));
/** This remote's server areas (the registry names each area's owner); those without content say so. */
const serverAreas = Object.fromEntries(
  SERVER_AREAS.filter((area) => SERVER_AREA_DEFS[area].owner === 'players').map((area) => [
    `server-${area}`,
    UpcomingAreaPage,
  ]),
);

const screens: ScreenMap = {
  ...serverAreas,
  'player-profile': lazy(() => import('./features/player-profile/components/player-profile-page')),
  'server-players': lazy(() => import('./features/player-list/components/server-players-page')),
  'server-punishments': lazy(() => import('./moderation/server-punishments-page')),
  'server-profile': lazy(() => import('./features/profile-search/components/profile-search-page')),
};

/** mfe-players' screens: a player's profile and a server's player and moderation areas. */
export default function PlayersRoutes({ screen }: RemoteRoutesProps) {
  return (
    <>
      <ScreenSwitch remote="mfe-players" screens={screens} screen={screen} />
      {BUILD_MARKER && <p className="pl-build">Build: {BUILD_MARKER}</p>}
    </>
  );
}
