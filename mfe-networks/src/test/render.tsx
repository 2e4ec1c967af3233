// Renders a screen of mfe-networks as a signed-in user, against the fake API.
import type { ReactElement } from 'react';
import { configureApiClient } from '@outpost/api-client';
import type { SessionUser } from '@outpost/contracts';
import { renderWithProviders, type RenderWithProvidersOptions } from '@outpost/testing';
import { FakeApi } from './fake-api';

export const userFor = (id: string): SessionUser => ({
  $id: id,
  email: `${id}@example.com`,
  name: id,
  emailVerification: true,
});

export const renderAs = (
  userId: string,
  ui: ReactElement,
  options: Omit<RenderWithProvidersOptions, 'preloadedState'> & { demo?: boolean } = {},
) => {
  const { demo = false, ...rest } = options;
  return renderWithProviders(ui, {
    ...rest,
    preloadedState: { auth: { status: demo ? 'demo' : 'signed-in', user: userFor(userId), jwt: userId } },
  });
};

/** A fake API for one spec file: started before its tests, emptied after each, stopped at the end. */
export const setUpFakeApi = (): FakeApi => {
  const api = new FakeApi();
  beforeAll(async () => configureApiClient({ baseUrl: await api.start() }));
  afterAll(async () => {
    configureApiClient({ baseUrl: '' });
    await api.stop();
  });
  afterEach(() => api.reset());
  return api;
};
