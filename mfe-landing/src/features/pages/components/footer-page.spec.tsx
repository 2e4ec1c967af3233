import { configureApiClient } from '@outpost/api-client';
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

describe('the pages that speak of the chat and the plans', () => {
  afterEach(() =>
    configureApiClient({
      community: { inviteUrl: null, widgetServerId: null },
      plans: true,
      pricing: { premiumPrice: null, premiumSupport: null },
    }),
  );

  it('send nobody to a chat on a panel that names none', () => {
    configureApiClient({ community: { inviteUrl: null, widgetServerId: null } });
    for (const page of ['help', 'contact', 'blog'] as const) {
      const { unmount } = renderWithProviders(<FooterPage />, { route: paths.footer(page) });
      expect(screen.queryByText(/community chat/i)).not.toBeInTheDocument();
      unmount();
    }
    renderWithProviders(<FooterPage />, { route: paths.footer('help') });
    expect(
      screen.getByText('Ask the people who run this panel, or whoever invited you to it.'),
    ).toBeInTheDocument();
  });

  it('point to the chat in the footer when the operator set one', () => {
    configureApiClient({ community: { inviteUrl: 'https://chat.example/invite', widgetServerId: null } });
    renderWithProviders(<FooterPage />, { route: paths.footer('contact') });
    expect(
      screen.getByText('The fastest way to reach them is the community chat linked in the footer.'),
    ).toBeInTheDocument();
  });

  it('state the Premium price the panel sells at, or that everything is included', () => {
    const { unmount } = renderWithProviders(<FooterPage />, { route: paths.footer('terms') });
    expect(screen.getByText(/^Free is free\. Premium is \$9\.99 per month;/)).toBeInTheDocument();
    unmount();
    configureApiClient({ pricing: { premiumPrice: '€4.99 per month', premiumSupport: null } });
    const again = renderWithProviders(<FooterPage />, { route: paths.footer('terms') });
    expect(screen.getByText(/^Free is free\. Premium is €4\.99 per month;/)).toBeInTheDocument();
    again.unmount();
    configureApiClient({ plans: false });
    renderWithProviders(<FooterPage />, { route: paths.footer('terms') });
    expect(screen.getByText(/^Everything is included on this panel/)).toBeInTheDocument();
  });
});
