// The shell's frame (skip link, header, main, footer) as a signed-out visitor sees it on each public page,
// with an outlet where the panel puts the page's prerendered
// screen: built with the shell (npm run build), read by the panel when it serves a public page
// (see @outpost/prerender).
import {
  PRERENDER_FRAME_VARIANTS,
  PRERENDER_OUTLET,
  prerenderFrameVariant,
  ROUTES,
  type PrerenderedFrame,
} from '@outpost/contracts';
import { prerenderPage } from '@outpost/prerender';
import { Route, Routes } from '@outpost/router';
import { AppLayout } from './app/layout/app-layout';

const OutletMark = () => <div data-outpost-outlet="" />;

export default async function prerenderShell(): Promise<PrerenderedFrame> {
  const frames: PrerenderedFrame['frames'] = {};
  for (const route of ROUTES.filter((candidate) => candidate.access === 'marketing')) {
    frames[route.screen] = {};
    // The frame reads one client setting: whether the footer links a community chat.
    for (const config of PRERENDER_FRAME_VARIANTS) {
      const frame = await prerenderPage(
        <Routes>
          <Route element={<AppLayout />}>
            <Route path="*" element={<OutletMark />} />
          </Route>
        </Routes>,
        { path: route.path, config },
      );
      if (!frame.includes(PRERENDER_OUTLET)) throw new Error('The prerendered frame has no outlet');
      frames[route.screen][prerenderFrameVariant(config)] = frame;
    }
  }
  return { frames };
}
