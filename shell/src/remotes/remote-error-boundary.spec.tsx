import { renderWithProviders } from '@outpost/testing';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { CONTRACTS_VERSION, contractsMajor } from '@outpost/contracts';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { mismatches } from './remote-builds';

const Exploding = ({ explode }: { explode: boolean }) => {
  if (explode) throw new Error('remote crashed');
  return <p>Remote content</p>;
};

const Harness = () => {
  const [attempt, setAttempt] = useState(0);
  return (
    <>
      <p>Shell header</p>
      <RemoteErrorBoundary key={attempt} remote="players" onRetry={() => setAttempt((n) => n + 1)}>
        <Exploding explode={attempt === 0} />
      </RemoteErrorBoundary>
    </>
  );
};

describe('RemoteErrorBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('contains a remote that throws, keeps the shell, and Retry renders it again', async () => {
    const { user } = renderWithProviders(<Harness />);
    expect(screen.getByRole('heading', { name: 'This section is unavailable' })).toBeInTheDocument();
    expect(screen.getByText('Shell header')).toBeInTheDocument();
    expect(screen.queryByText('Remote content')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Remote content')).toBeInTheDocument();
    expect(screen.queryByText('This section is unavailable')).not.toBeInTheDocument();
  });
});

describe('RemoteErrorBoundary for a build made for another version of the panel', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    mismatches.clear();
    jest.restoreAllMocks();
  });

  it('explains why the area is not shown, with Retry', () => {
    mismatches.set('players', { kind: 'contracts', buildVersion: '2.4.1+abc', contractsVersion: '99.0.0' });
    renderWithProviders(
      <RemoteErrorBoundary remote="players" onRetry={() => undefined}>
        <Exploding explode />
      </RemoteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      `This area was built for another version of the panel: players 2.4.1 for contracts 99, this panel has contracts ${contractsMajor(CONTRACTS_VERSION)}`,
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('explains a build whose shared library this panel cannot share, with Retry', () => {
    mismatches.set('networks', {
      kind: 'singleton',
      buildVersion: '2.4.1+abc',
      singleton: 'react-router-dom',
      version: '6.30.0',
      range: '^7.0.0',
    });
    renderWithProviders(
      <RemoteErrorBoundary remote="networks" onRetry={() => undefined}>
        <Exploding explode />
      </RemoteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This area was built for another version of the panel: networks 2.4.1 uses react-router-dom 6.30.0, this panel needs ^7.0.0',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
