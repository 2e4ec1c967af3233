import type {
  CorsOptions,
  CorsOptionsDelegate,
} from '@nestjs/common/interfaces/external/cors-options.interface';
import type { Request } from 'express';
import type { HelmetOptions } from 'helmet';
import { COMMUNITY_WIDGET_PAGE, communityWidgetProbeUrl } from '@outpost/contracts';
import type { AppConfig } from '../config';

/** The origins of the remotes in force right now (the web area's RemotesInForce answers). */
export type RemoteOriginsSource = { origins(): string[] };

/** Header through which the identity API hands cookies to clients that cannot keep them (Appwrite SDK). */
export const FALLBACK_COOKIES_HEADER = 'X-Fallback-Cookies';

/** Built remotes are public files any origin may load (the shell may live on another host). */
export const isRemoteAssetPath = (path: string): boolean => path.startsWith('/remotes/');

export const helmetOptions = (config: AppConfig, inForce: RemoteOriginsSource): HelmetOptions => {
  // Read on every answer: the origins of the remotes in force, canaries included, and no others
  // (an operator's remotes:set changes them while the panel runs). Helmet calls a function in a
  // directive's list per request.
  const remotes = [() => inForce.origins().join(' ')];
  // The landing page's chat widget, when one is configured: the check before it and its frame,
  // those two addresses alone (not the whole chat service, whose API could carry data away).
  const widgetId = config.community.widgetServerId;
  return {
    // Same stance as the CSP's frame-ancestors 'none' for browsers that only know the old header.
    frameguard: { action: 'deny' },
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes],
        connectSrc: ["'self'", ...remotes, ...(widgetId ? [communityWidgetProbeUrl(widgetId)] : [])],
        frameSrc: ["'self'", ...(widgetId ? [COMMUNITY_WIDGET_PAGE] : [])],
        styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:', ...remotes],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Upgrading would break a plain-http install (http://localhost:3000); only over https.
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
  };
};

export const corsOptions = (config: AppConfig): CorsOptionsDelegate<Request> => {
  const panel: CorsOptions = {
    origin: [...config.allowedOrigins],
    credentials: true,
    exposedHeaders: [FALLBACK_COOKIES_HEADER],
    maxAge: 600,
  };
  const remotes: CorsOptions = { origin: '*' };
  return (request, callback) => callback(null, isRemoteAssetPath(request.path) ? remotes : panel);
};
