import path from 'node:path';
import {
  fillPrerendered,
  PRERENDER_FILE,
  prerenderFrameVariant,
  prerenderVariant,
  type PrerenderConfig,
  routeFor,
  type PrerenderedFrame,
  type PrerenderedScreens,
} from '@outpost/contracts';
import type { Request } from 'express';
import { SESSION_COOKIE } from '../auth';
import type { AppConfig } from '../config';
import { deriveFresh } from './fresh-files';
import { isServedHere } from './preload-hints';
import type { RemotesInForce } from './remotes-in-force';
import { remoteDist, shellDist } from './web-paths';

/** A prerender file as its build wrote it; a half-written one (during a deploy) counts as none. */
const parsed = <T>(file: string): T | null =>
  deriveFresh(file, (text) => {
    try {
      return JSON.parse(text) as T;
    } catch {
      return null;
    }
  });

/**
 * The markup of a public page (a marketing route) for a visitor: the shell's frame with the
 * page's screen in it, as their builds prerendered them, for the panel's client settings. Null
 * for a signed-in user (the frame shows a visitor's header), for a remote this panel does not
 * serve, and when either build has no prerender.
 */
export const prerenderedPage = (
  config: AppConfig,
  inForce: RemotesInForce,
  request: Request,
): string | null => {
  const route = routeFor(request.path);
  if (!route || route.owner === 'shell' || route.access !== 'marketing') return null;
  if ((request.cookies as Record<string, string | undefined>)[SESSION_COOKIE]) return null;
  if (!isServedHere(inForce, route.owner)) return null;
  const settings: PrerenderConfig = {
    demo: config.demo,
    community: config.community,
    plans: config.plansEnabled,
    publicStats: config.publicStats,
    pricing: config.pricing,
  };
  const frames = parsed<PrerenderedFrame>(path.join(shellDist(config), PRERENDER_FILE))?.frames;
  const frame = frames?.[route.screen]?.[prerenderFrameVariant(settings)];
  const screens = parsed<PrerenderedScreens>(path.join(remoteDist(config, route.owner), PRERENDER_FILE));
  const screen = screens?.screens?.[route.screen]?.[prerenderVariant(settings)];
  if (typeof frame !== 'string' || typeof screen !== 'string') return null;
  return fillPrerendered(frame, screen, settings);
};

/**
 * index.html with the page's prerendered markup in its root, where there is one: the content
 * paints before any script runs, and the shell renders the page again in its place.
 */
export const withPrerenderedPage = (
  html: string,
  config: AppConfig,
  inForce: RemotesInForce,
  request: Request,
): string => {
  const page = prerenderedPage(config, inForce, request);
  return page === null ? html : html.replace('<div id="root"></div>', () => `<div id="root">${page}</div>`);
};
