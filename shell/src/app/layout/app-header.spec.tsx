import { paths } from '@outpost/contracts';
import { renderAs, renderWithProviders } from '@outpost/testing';
import { screen, within } from '@testing-library/react';
import { AppHeader } from './app-header';

const mainLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('AppHeader', () => {
  it("gives a visitor the landing page's sections and Sign In", () => {
    renderWithProviders(<AppHeader />, { route: paths.features() });
    expect(mainLinks()).toEqual(['Features', 'Pricing', 'Demo']);
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute(
      'href',
      paths.landingSection('pricing'),
    );
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', paths.login());
  });

  it('gives a signed-in user the panel, and the sections too while on the landing page', () => {
    const { unmount } = renderAs('ada', <AppHeader />, { route: paths.networks() });
    expect(mainLinks()).toEqual(['Dashboard', 'Networks']);
    unmount();
    renderAs('ada', <AppHeader />, { route: paths.landing() });
    expect(mainLinks()).toEqual(['Dashboard', 'Networks', 'Features', 'Pricing', 'Demo']);
  });
});
