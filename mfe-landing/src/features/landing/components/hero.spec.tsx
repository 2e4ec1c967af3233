import { configureApiClient } from '@outpost/api-client';
import { json, startTestServer, type TestServer } from '@outpost/api-client/test-server';
import { paths } from '@outpost/contracts';
import { renderAs, renderWithProviders } from '@outpost/testing';
import { screen } from '@testing-library/react';
import { DemoSection } from './demo-section';
import { Hero } from './hero';

Object.assign(globalThis, { OUTPOST_BUILD_MARKER: '' });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    'GET /api/public/stats': (_req, res) =>
      json(res, 200, {
        success: true,
        data: { totals: null, demo: null },
      }),
  });
  configureApiClient({ baseUrl: server.url });
});
afterAll(async () => {
  configureApiClient({ baseUrl: '', demo: false });
  await server.close();
});

const renderLanding = () =>
  renderWithProviders(
    <>
      <Hero />
      <DemoSection />
    </>,
  );

describe('the hero and the demo section', () => {
  it('lead a visitor to sign in, and offer the live demo when it is on', () => {
    configureApiClient({ demo: true });
    renderLanding();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', paths.login());
    const trial = screen.getByRole('link', { name: 'Start Free Trial' });
    expect(trial).toHaveAttribute('href', paths.login());
    // What it starts is said right under it.
    expect(trial).toHaveAccessibleDescription('Starts a Free account: no card, no time limit.');
    expect(trial.nextElementSibling).toHaveTextContent('Starts a Free account: no card, no time limit.');
    expect(screen.getByText('The live demo shows what Premium adds.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Live Demo' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Open the live demo' })).toBeEnabled();
  });

  it('say so while the demo network has no numbers', async () => {
    configureApiClient({ demo: true });
    renderLanding();
    expect(await screen.findByText('The demo network has no live numbers yet.')).toBeInTheDocument();
  });

  it('lead a signed-in user to their dashboard, with no trial to start', () => {
    configureApiClient({ demo: true });
    renderAs('ada', <Hero />);
    expect(screen.getByRole('link', { name: 'Open dashboard' })).toHaveAttribute('href', paths.dashboard());
    expect(screen.queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start Free Trial' })).not.toBeInTheDocument();
  });

  it('say what Start Free Trial starts on a panel started with PLANS=off', () => {
    configureApiClient({ demo: true, plans: false });
    try {
      renderLanding();
      expect(screen.getByRole('link', { name: 'Start Free Trial' })).toHaveAccessibleDescription(
        'Starts an account with everything included: no card, no time limit.',
      );
      expect(screen.queryByText('The live demo shows what Premium adds.')).not.toBeInTheDocument();
    } finally {
      configureApiClient({ plans: true });
    }
  });

  it('say plainly that the demo is off, with no button that cannot work', () => {
    configureApiClient({ demo: false });
    renderLanding();
    expect(screen.queryByRole('button', { name: 'View Live Demo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open the live demo' })).not.toBeInTheDocument();
    expect(screen.getByText('The live demo is turned off on this panel.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Free Trial' })).toHaveAccessibleDescription(
      'Starts a Free account: no card, no time limit.',
    );
    expect(
      screen.getByText('The live demo is turned off on this panel. Sign in to manage your own servers.'),
    ).toBeInTheDocument();
  });
});
