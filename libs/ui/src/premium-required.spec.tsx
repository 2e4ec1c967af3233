import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from '@outpost/router';
import { PremiumRequired } from './premium-required';

const renderAt = (ui: React.ReactNode) =>
  render(
    <BrowserRouter>
      <Routes>
        <Route path="/" element={ui} />
        <Route path="/plan" element={<h1>Plans</h1>} />
      </Routes>
    </BrowserRouter>,
  );

describe('PremiumRequired', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('names the area, says why, and upgrades through /plan', async () => {
    renderAt(<PremiumRequired feature="liveMap" />);
    expect(screen.getByRole('heading', { name: 'This area is part of Premium' })).toBeInTheDocument();
    expect(
      screen.getByText(/^The live map is part of the Premium plan, and this network's owner is on Free\./),
    ).toBeInTheDocument();
    const upgrade = screen.getByRole('link', { name: 'Upgrade' });
    expect(upgrade).toHaveAttribute('href', '/plan');
    upgrade.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Plans' })).toBeInTheDocument();
  });

  it('speaks of a narrower part when told, and of metrics in the plural', () => {
    const { unmount } = renderAt(<PremiumRequired feature="metricsHistory" what="History over 7 days" />);
    expect(screen.getByText(/^History over 7 days is part of the Premium plan/)).toBeInTheDocument();
    unmount();
    renderAt(<PremiumRequired feature="metricsHistory" />);
    expect(
      screen.getByText(/^Metrics beyond 24 hours and their CSV export are part of the Premium plan/),
    ).toBeInTheDocument();
  });
});
