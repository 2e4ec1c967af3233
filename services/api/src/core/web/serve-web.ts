import path from 'node:path';
import { REMOTE_NAMES, routeFor } from '@outpost/contracts';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { static as serveStatic, type RequestHandler, type Response } from 'express';
import type { AppConfig } from '../config';
import { isServerPath } from '../http';
import { cacheControlFor, NO_CACHE } from './cache-control';
import { readFresh } from './fresh-files';
import { withPreloadHints } from './preload-hints';
import { withPrerenderedPage } from './prerendered-page';
import { RemotesInForce } from './remotes-in-force';
import { remoteDist, remoteMountPath, shellDist } from './web-paths';

export const WEB_NOT_BUILT_MESSAGE = 'The web app is not built yet: run npm start';

const staticFiles = (root: string, extraHeaders: (response: Response) => void = () => undefined) =>
  serveStatic(root, {
    index: false,
    cacheControl: false,
    setHeaders: (response, file) => {
      response.setHeader('Cache-Control', cacheControlFor(file));
      extraHeaders(response);
    },
  });

/**
 * Serves a client route (GET, wants HTML, no file extension) the shell's index.html. An address the
 * route registry does not know gets the same page (the shell shows its Not Found screen there)
 * with status 404, so crawlers, link checkers and monitors see that it is missing.
 */
const spaFallback =
  (config: AppConfig, inForce: RemotesInForce): RequestHandler =>
  (request, response, next) => {
    const isClientRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isServerPath(request.path) &&
      path.extname(request.path) === '' &&
      request.accepts('html') !== false;
    if (!isClientRoute) return next();
    const index = readFresh(path.join(shellDist(config), 'index.html'));
    if (index === null) {
      response.status(503).setHeader('Cache-Control', 'no-store');
      response.type('text/plain').send(WEB_NOT_BUILT_MESSAGE);
      return;
    }
    response.setHeader('Cache-Control', NO_CACHE);
    if (!routeFor(request.path)) response.status(404);
    const hinted = withPreloadHints(index, config, inForce, request.path);
    const page = withPrerenderedPage(hinted, config, inForce, request);
    response.type('html').send(page);
  };

/**
 * The built web app: each remote's files under /remotes/<name>/ (any origin may load them, so a
 * shell hosted elsewhere can use them), the shell's files at /, and index.html for client routes.
 */
export const mountWeb = (app: NestExpressApplication, config: AppConfig): void => {
  for (const name of REMOTE_NAMES) {
    app.use(
      remoteMountPath(name),
      staticFiles(remoteDist(config, name), (response) =>
        // Helmet's default same-origin policy would stop another origin's shell loading them.
        response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin'),
      ),
    );
  }
  const shellFiles = staticFiles(shellDist(config));
  const shellAssets: RequestHandler = (request, response, next) =>
    isServerPath(request.path) ? next() : shellFiles(request, response, next);
  app.use(shellAssets);
  app.use(spaFallback(config, app.get(RemotesInForce)));
};
