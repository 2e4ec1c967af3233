import type { ReactElement } from 'react';
import { configureApiClient } from '@outpost/api-client';
import type { SessionUser } from '@outpost/contracts';
import { renderWithProviders, type RenderWithProvidersOptions } from '@outpost/testing';
import { FakeAccountApi } from './fake-account-api';

/** A fake API for one spec file: started before its tests, emptied after each, stopped at the end. */
export const setUpFakeAccountApi = (): FakeAccountApi => {
  const api = new FakeAccountApi();
  beforeAll(async () => configureApiClient({ baseUrl: await api.start() }));
  afterAll(async () => {
    configureApiClient({ baseUrl: '', demo: false });
    await api.stop();
  });
  afterEach(() => {
    api.reset();
    localStorage.clear();
  });
  return api;
};

/** Renders a screen as `user` (signed in, or the demo user), or signed out when `user` is null. */
export const renderAs = (
  user: SessionUser | null,
  ui: ReactElement,
  { demo = false, ...options }: Omit<RenderWithProvidersOptions, 'preloadedState'> & { demo?: boolean } = {},
) =>
  renderWithProviders(ui, {
    ...options,
    preloadedState: {
      auth: user
        ? { status: demo ? 'demo' : 'signed-in', user, jwt: 'header.payload.signature' }
        : { status: 'signed-out', user: null, jwt: null },
    },
  });
