// The landing's public screens as static markup, for each variant of the client settings: built
// with the remote (npm run build), read by the panel when it serves one of these pages to a
// visitor (see @outpost/prerender).
import {
  PRERENDER_VARIANTS,
  prerenderVariant,
  routeFor,
  ROUTES,
  type PrerenderedScreens,
} from '@outpost/contracts';
import { prerenderPart } from '@outpost/prerender';
import { isLazyScreen } from '@outpost/ui';
import LandingRoutes, { LANDING_SCREENS } from './routes';

/**
 * The screens a visitor opens (the marketing routes this remote owns) that ship with ./Routes: a
 * lazy one would show a spinner while its code loads, in place of its prerendered markup.
 */
const PUBLIC_ROUTES = ROUTES.filter(
  (route) =>
    route.owner === 'landing' && route.access === 'marketing' && !isLazyScreen(LANDING_SCREENS[route.screen]),
);

export default async function prerenderLanding(): Promise<PrerenderedScreens> {
  const screens: PrerenderedScreens['screens'] = {};
  for (const route of PUBLIC_ROUTES) {
    if (routeFor(route.path) !== route) continue;
    screens[route.screen] = {};
    for (const config of PRERENDER_VARIANTS)
      screens[route.screen][prerenderVariant(config)] = await prerenderPart(
        <LandingRoutes screen={route.screen} />,
        { path: route.path, config },
      );
  }
  return { screens };
}
