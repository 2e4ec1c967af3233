import {
  CONTRACTS_VERSION,
  contractsMajor,
  type RemotesManifest,
  type RemoteSlotProps,
} from '@outpost/contracts';
import { renderWithProviders } from '@outpost/testing';
import { act, screen } from '@testing-library/react';
import { loadRemoteModule, resetRemote } from './federation';
import { mismatches } from './remote-builds';
import { ShellRemoteSlot } from './remote-slot';
import { checkForNewerRemotes, noteServedRemotes, REMOTES_CHECK_EVERY_MS } from './remote-updates';

jest.mock('./federation', () => ({ loadRemoteModule: jest.fn(), resetRemote: jest.fn() }));

const load = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;
const PlayersTab = ({ networkId }: { networkId: string }) => <p>Players of {networkId}</p>;
/**
 * The runtime's answers in turn, each one promise kept until Retry resets it, as the shell's
 * loadRemoteModule keeps it (React's `use` reads the same promise on every render).
 */
const answers = (...outcomes: Array<'loads' | Error>) => {
  let current: Promise<{ default: unknown }> | null = null;
  (resetRemote as jest.Mock).mockImplementation(() => {
    current = null;
  });
  load.mockImplementation(() => {
    if (!current) {
      const outcome = outcomes.length > 1 ? outcomes.shift()! : outcomes[0];
      const settled = (
        outcome === 'loads' ? Promise.resolve({ default: PlayersTab }) : Promise.reject(outcome)
      ) as Promise<{
        default: unknown;
      }> & { status?: string; value?: unknown; reason?: unknown };
      // Marked the way React's `use` reads a settled promise, as the shell's loader marks its own.
      if (outcome === 'loads')
        Object.assign(settled, { status: 'fulfilled', value: { default: PlayersTab } });
      else Object.assign(settled, { status: 'rejected', reason: outcome });
      settled.catch(() => undefined);
      current = settled;
    }
    return current as never;
  });
};
const slot = {
  remote: 'players',
  exposed: './PlayersTab',
  section: 'players',
  props: { networkId: 'net-1' },
} as unknown as RemoteSlotProps;

const manifest = (players: string): RemotesManifest => ({
  landing: '/remotes/landing/mf-manifest.json',
  account: '/remotes/account/mf-manifest.json',
  networks: '/remotes/networks/mf-manifest.json',
  players,
});

describe("the shell's slot: another remote's section inside a remote", () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    mismatches.clear();
    jest.restoreAllMocks();
    load.mockReset();
    (resetRemote as jest.Mock).mockReset();
  });

  it("shows the exposed component with the slot's props, loaded by the shell's runtime", async () => {
    answers('loads');
    renderWithProviders(<ShellRemoteSlot {...slot} />);
    expect(await screen.findByText('Players of net-1')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('players', './PlayersTab');
  });

  it('contains a section that fails to load; Retry loads it again', async () => {
    answers(new Error('players is down'), 'loads');
    const { user } = renderWithProviders(<ShellRemoteSlot {...slot} />);
    expect(await screen.findByRole('heading', { name: 'This section is unavailable' })).toBeInTheDocument();
    expect(
      screen.getByText('The players section could not be loaded. The rest of the network works.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(resetRemote).toHaveBeenCalledWith('players');
    expect(await screen.findByText('Players of net-1')).toBeInTheDocument();
  });

  it('explains a build made for other contracts, or with a shared library this panel cannot share', async () => {
    mismatches.set('players', { kind: 'contracts', buildVersion: '2.4.1+abc', contractsVersion: '99.0.0' });
    answers(new Error('mfe_players does not fit this panel'));
    const { unmount } = renderWithProviders(<ShellRemoteSlot {...slot} />);
    expect(
      await screen.findByText(
        `This area was built for another version of the panel: players 2.4.1 for contracts 99, this panel has contracts ${contractsMajor(CONTRACTS_VERSION)}`,
      ),
    ).toBeInTheDocument();
    unmount();

    mismatches.set('players', {
      kind: 'singleton',
      buildVersion: '2.4.1+abc',
      singleton: 'react',
      version: '18.3.1',
      range: '^19.0.0',
    });
    renderWithProviders(<ShellRemoteSlot {...slot} />);
    expect(
      await screen.findByText(
        'This area was built for another version of the panel: players 2.4.1 uses react 18.3.1, this panel needs ^19.0.0',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says quietly over the section that the operator switched its remote since the page loaded it', async () => {
    answers('loads');
    const start = 5_000_000;
    noteServedRemotes(manifest('/remotes/players/mf-manifest.json'), start);
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify(manifest('https://cdn.example.com/players-v2/mf-manifest.json')), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    renderWithProviders(<ShellRemoteSlot {...slot} />);
    expect(await screen.findByText('Players of net-1')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await act(() => checkForNewerRemotes(start + REMOTES_CHECK_EVERY_MS));
    expect(screen.getByRole('status')).toHaveTextContent(
      'A newer version of this area is available — Reload',
    );
    // The page keeps the build it loaded until the person reloads.
    expect(screen.getByText('Players of net-1')).toBeInTheDocument();
  });
});
