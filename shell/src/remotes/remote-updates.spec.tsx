import { render, screen, act } from '@testing-library/react';
import type { RemotesManifest } from '@outpost/contracts';
import { useNewerRemote } from './newer-version-notice';
import { checkForNewerRemotes, noteServedRemotes, REMOTES_CHECK_EVERY_MS } from './remote-updates';

const manifest = (players: string): RemotesManifest => ({
  landing: '/remotes/landing/mf-manifest.json',
  account: '/remotes/account/mf-manifest.json',
  networks: '/remotes/networks/mf-manifest.json',
  players,
});

const Probe = ({ name }: { name: 'players' | 'landing' }) => (
  <p>{useNewerRemote(name) ? `${name} newer` : `${name} same`}</p>
);

describe('an open page learns that a remote was switched', () => {
  let served = manifest('/remotes/players/mf-manifest.json');
  const asked: number[] = [];
  beforeEach(() => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      asked.push(Date.now());
      return new Response(JSON.stringify(served), { headers: { 'Content-Type': 'application/json' } });
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('asks /remotes.json at most once a minute, and marks only the switched remote', async () => {
    const start = 1_000_000;
    noteServedRemotes(manifest('/remotes/players/mf-manifest.json'), start);
    render(
      <>
        <Probe name="players" />
        <Probe name="landing" />
      </>,
    );
    served = manifest('https://cdn.example.com/players-v2/mf-manifest.json');
    await act(() => checkForNewerRemotes(start + 30_000));
    expect(asked).toHaveLength(0);
    expect(screen.getByText('players same')).toBeInTheDocument();

    await act(() => checkForNewerRemotes(start + REMOTES_CHECK_EVERY_MS));
    expect(asked).toHaveLength(1);
    expect(screen.getByText('players newer')).toBeInTheDocument();
    expect(screen.getByText('landing same')).toBeInTheDocument();
    await act(() => checkForNewerRemotes(start + REMOTES_CHECK_EVERY_MS + 1_000));
    expect(asked).toHaveLength(1);
  });
});
