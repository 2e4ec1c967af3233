// The routes the app really serves, read from its Express router (so a route added later is in
// every suite that walks them, without a line written for it).
import type { NestExpressApplication } from '@nestjs/platform-express';

export type AppRoute = { method: string; path: string };

type Layer = { route?: { path: string; methods: Record<string, boolean> } };

export const routesOf = (app: NestExpressApplication): AppRoute[] => {
  const express = app.getHttpAdapter().getInstance() as {
    router?: { stack: Layer[] };
    _router?: { stack: Layer[] };
  };
  const stack = (express.router ?? express._router)?.stack ?? [];
  const routes: AppRoute[] = [];
  for (const layer of stack) {
    if (!layer.route) continue;
    for (const [method, on] of Object.entries(layer.route.methods))
      if (on && method !== '_all') routes.push({ method: method.toUpperCase(), path: layer.route.path });
  }
  return routes;
};
