// Renders a screen of mfe-networks as a signed-in user, against the fake API.
import type { ReactElement } from 'react';
import type { SessionUser } from '@outpost/contracts';
import { renderWithProviders, type RenderWithProvidersOptions } from '@outpost/testing';

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
