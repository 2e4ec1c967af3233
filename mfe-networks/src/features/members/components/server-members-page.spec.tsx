import { paths, PERMISSION_LABELS } from '@outpost/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { atRoute, renderAs, setUpFakeApi } from '../../../test/render';
import ServerMembersPage from './server-members-page';

const api = setUpFakeApi();

/** Ana owns the network; Bo is an admin, Cy a member. */
const openMembers = (userId: string) => {
  const network = api.addNetwork('Rust Legends', 'ana', { description: '' });
  api.addMember(network.id, 'bo', 'admin', 'Bo Admin');
  const cy = api.addMember(network.id, 'cy', 'member', 'Cy Member');
  const server = api.addServer(network.id, 'EU Main', { status: 'online' });
  renderAs(userId, <ServerMembersPage />, atRoute(paths.serverArea(network.id, server.id, 'members')));
  return { network, server, cy };
};

const memberList = () => screen.findByRole('list', { name: 'Members' });
const rowOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
/** A matrix row as "<label>: <owner> <admin> <moderator> <member>", each cell as read aloud. */
const matrixRow = (label: string) => {
  const row = within(screen.getByRole('table', { name: 'What each role may do' }))
    .getByRole('rowheader', { name: label })
    .closest('tr') as HTMLElement;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.querySelector('.op-sr-only')?.textContent)
    .join(' ');
};

describe("a server's Members area", () => {
  it('shows who can act on the server, with their roles, and what each role may do', async () => {
    openMembers('ana');
    await memberList();
    expect(screen.getAllByRole('heading', { name: 'Members' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(within(rowOf('ana')).getByText('Owner')).toBeInTheDocument();
    expect(within(rowOf('Bo Admin')).getByText('Admin')).toBeInTheDocument();
    expect(within(rowOf('Cy Member')).getByText('Member')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'What each role may do' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Permission', 'Owner', 'Admin', 'Moderator', 'Member']);
    expect(within(table).getAllByRole('rowheader')).toHaveLength(Object.keys(PERMISSION_LABELS).length);
    expect(matrixRow('Run console commands')).toBe('Yes Yes No No');
    expect(matrixRow('Read the console output')).toBe('Yes Yes Yes No');
    expect(matrixRow('Kick, warn, ban and unban players')).toBe('Yes Yes Yes No');
    expect(matrixRow("Change members' roles")).toBe('Yes No No No');
    expect(matrixRow('See the network, its servers, players and logs')).toBe('Yes Yes Yes Yes');
  });

  it('lets the owner make a member a moderator, and the badge follows', async () => {
    const { cy } = openMembers('ana');
    await memberList();
    expect(within(rowOf('ana')).queryByRole('button', { name: /Manage/ })).not.toBeInTheDocument();
    fireEvent.click(within(rowOf('Cy Member')).getByRole('button', { name: 'Manage Cy Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Member' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make Moderator' }));

    await waitFor(() => expect(within(rowOf('Cy Member')).getByText('Moderator')).toBeInTheDocument());
    expect(api.members.find((member) => member.id === cy.id)?.role).toBe('moderator');
    expect(screen.queryByRole('dialog', { name: 'Manage Member' })).not.toBeInTheDocument();
  });

  it('gives an admin Remove for members, never a role change and nothing on the owner', async () => {
    openMembers('bo');
    await memberList();
    expect(within(rowOf('ana')).queryByRole('button', { name: /Manage/ })).not.toBeInTheDocument();
    fireEvent.click(within(rowOf('Cy Member')).getByRole('button', { name: 'Manage Cy Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Member' });
    expect(within(dialog).queryByRole('button', { name: 'Make Moderator' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove from Network' })).toBeInTheDocument();
  });

  it('tells a member their role cannot open it', async () => {
    openMembers('cy');
    expect(await screen.findByText('No permission')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the members cannot be loaded, and retries', async () => {
    openMembers('ana');
    api.failures.set('GET /api/networks/:id/members', {
      status: 503,
      body: { success: false, error: 'Database unavailable', code: 'SERVICE_UNAVAILABLE' },
    });
    expect(await screen.findByText('Failed to load members')).toBeInTheDocument();
    api.failures.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await memberList()).toBeInTheDocument();
  });
});
