import { configureApiClient } from '@outpost/api-client';
import type { SessionUser } from '@outpost/contracts';
import type { ReactElement } from 'react';
import { renderWithProviders, type RenderWithProvidersOptions } from './render-with-providers';

/** The session view of a test user whose id, e-mail and name all derive from `id`. */
export const testUser = (id: string): SessionUser => ({
  $id: id,
  email: `${id}@example.com`,
  name: id,
  emailVerification: true,
});

/** Renders `ui` as the signed-in user `userId` (or as the demo user's status with `demo`). */
export const renderAs = (
  userId: string,
  ui: ReactElement,
  options: Omit<RenderWithProvidersOptions, 'preloadedState'> & { demo?: boolean } = {},
) => {
  const { demo = false, ...rest } = options;
  return renderWithProviders(ui, {
    ...rest,
    preloadedState: { auth: { status: demo ? 'demo' : 'signed-in', user: testUser(userId), jwt: userId } },
  });
};

/** A fake HTTP API a spec file runs its screens against. */
export type FakeServer = { start(): Promise<string>; stop(): Promise<void>; reset(): void };

/**
 * Points the API client at `api` for one spec file: started before its tests, emptied after each,
 * stopped at the end.
 */
export const setUpFakeServer = <T extends FakeServer>(api: T): T => {
  beforeAll(async () => configureApiClient({ baseUrl: await api.start() }));
  afterAll(async () => {
    configureApiClient({ baseUrl: '' });
    await api.stop();
  });
  afterEach(() => api.reset());
  return api;
};
