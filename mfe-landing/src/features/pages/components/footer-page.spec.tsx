import { paths } from '@outpost/contracts';
import { renderWithProviders } from '@outpost/testing';
import { screen } from '@testing-library/react';
import FooterPage from './footer-page';

describe('the docs page', () => {
  it('says how servers really connect: WebRCON or the bridge, a plugin only if one speaks the protocol', () => {
    renderWithProviders(<FooterPage />, { route: paths.footer('docs') });
    expect(screen.getByRole('heading', { level: 2, name: 'Connect it through WebRCON' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Or run the bridge' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Plugins are optional' })).toBeInTheDocument();
    expect(screen.getByText(/No Oxide or Carbon plugin is needed/)).toBeInTheDocument();
    expect(screen.queryByText(/Install the Outpost plugin/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the OpenAPI documentation' })).toHaveAttribute(
      'href',
      paths.apiDocs(),
    );
  });
});
