import { renderWithProviders } from '@outpost/testing';
import { screen } from '@testing-library/react';
import { ShellErrorBoundary } from './shell-error-boundary';

const Broken = (): never => {
  throw new Error('layout broke');
};

describe('ShellErrorBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows the crash page instead of a blank tab, and tries again at another address', () => {
    const { rerender } = renderWithProviders(
      <ShellErrorBoundary pathname="/networks">
        <Broken />
      </ShellErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');

    rerender(
      <ShellErrorBoundary pathname="/">
        <p>Landing</p>
      </ShellErrorBoundary>,
    );
    expect(screen.getByText('Landing')).toBeInTheDocument();
  });
});
