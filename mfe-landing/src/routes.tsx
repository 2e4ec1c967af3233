import './landing.css';
import { FOOTER_PAGES, type RemoteRoutesProps } from '@outpost/contracts';
import { ScreenSwitch, type ScreenMap } from '@outpost/ui';
import { lazy } from 'react';
import LandingPage from './features/landing/components/landing-page';

const FeaturesPage = lazy(() => import('./features/landing/components/features-page'));
const FooterPage = lazy(() => import('./features/pages/components/footer-page'));

// `/` is the first page most visitors load: it ships with ./Routes instead of one more round trip.
export const LANDING_SCREENS: ScreenMap = {
  landing: LandingPage,
  features: FeaturesPage,
  ...Object.fromEntries(FOOTER_PAGES.map((page) => [`page-${page}`, FooterPage])),
};

/** mfe-landing's screens: /, /features and the footer pages. */
export default function LandingRoutes({ screen }: RemoteRoutesProps) {
  return <ScreenSwitch remote="mfe-landing" screens={LANDING_SCREENS} screen={screen} />;
}
