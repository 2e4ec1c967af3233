// The shell's frame (skip link, header, main, footer) as a signed-out visitor sees it on each public page,
// with an outlet where the panel puts the page's prerendered
// screen: built with the shell (npm run build), read by the panel when it serves a public page
// (see @outpost/prerender).
import { PRERENDER_OUTLET, PRERENDER_VARIANTS, ROUTES, type PrerenderedFrame } from '@outpost/contracts';
import { prerenderPage } from '@outpost/prerender';
import { Route, Routes } from '@outpost/router';
import { AppLayout } from './app/layout/app-layout';

const OutletMark = () => <div data-outpost-outlet="" />;

export default async function prerenderShell(): Promise<PrerenderedFrame> {
  const frames: PrerenderedFrame['frames'] = {};
  for (const route of ROUTES.filter((candidate) => candidate.access === 'marketing')) {
    const frame = await prerenderPage(
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="*" element={<OutletMark />} />
        </Route>
      </Routes>,
      // The frame reads one client setting, the invite in the footer, rendered as its placeholder.
      { path: route.path, config: PRERENDER_VARIANTS[0] },
    );
    if (!frame.includes(PRERENDER_OUTLET)) throw new Error('The prerendered frame has no outlet');
    frames[route.screen] = frame;
  }
  return { frames };
}
