// Renders a screen of mfe-players as a signed-in (or demo) user, against the fake players API.
import { configureApiClient } from '@outpost/api-client';
import { renderWithProviders, type RenderWithProvidersOptions } from '@outpost/testing';
import type { ReactElement } from 'react';
import { FakePlayersApi } from './fake-players-api';

export const renderAs = (
  userId: string,
  ui: ReactElement,
  options: Omit<RenderWithProvidersOptions, 'preloadedState'> & { demo?: boolean } = {},
) => {
  const { demo = false, ...rest } = options;
  return renderWithProviders(ui, {
    ...rest,
    preloadedState: {
      auth: {
        status: demo ? 'demo' : 'signed-in',
        user: { $id: userId, email: `${userId}@example.com`, name: userId, emailVerification: true },
        jwt: userId,
      },
    },
  });
};

/** A fake API for one spec file: started before its tests, emptied after each, stopped at the end. */
export const setUpFakePlayersApi = (): FakePlayersApi => {
  const api = new FakePlayersApi();
  beforeAll(async () => configureApiClient({ baseUrl: await api.start() }));
  afterAll(async () => {
    configureApiClient({ baseUrl: '' });
    await api.stop();
  });
  afterEach(() => api.reset());
  return api;
};
