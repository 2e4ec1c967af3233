import { paths, type PlayerNote } from '@outpost/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { atRoute, renderAs, setUpFakePlayersApi } from '../../../test/render';
import PlayerProfilePage from './player-profile-page';

const api = setUpFakePlayersApi();

const MINUTE = 60_000;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

const noteOf = (id: string, text: string, authorName: string, createdAt: string): PlayerNote => ({
  id,
  text,
  authorId: authorName.startsWith('Automation') ? 'automation:a1' : 'mo',
  authorName,
  createdAt,
});

/** Rex, with a moderator's note and an older one an automation wrote. */
const rexWithNotes = () => {
  const rex = api.addPlayer('Rex');
  api.profileOf(rex.steamId).notes = [
    noteOf('n2', 'Spectated for 10 minutes: clean', 'Moe Moderator', minutesAgo(5)),
    noteOf('n1', '3 F7 reports in 10 minutes', 'Automation “Three reports”', minutesAgo(120)),
  ];
  return rex;
};

const renderProfile = (userId: string, steamId: string, demo = false) =>
  renderAs(userId, <PlayerProfilePage />, { ...atRoute(paths.playerProfile(api.network.id, steamId)), demo });

const notesTab = async (user: UserEvent) => {
  await user.click(await screen.findByRole('tab', { name: 'Notes' }));
  return screen.getByRole('tabpanel');
};

describe("the player profile's notes", () => {
  it('lists the notes newest first with author and time, an automation’s among them', async () => {
    api.roles.set('mo', 'moderator');
    const rex = rexWithNotes();
    const { user } = renderProfile('mo', rex.steamId);
    const panel = await notesTab(user);
    const items = within(within(panel).getByRole('list', { name: 'Notes' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Moe Moderator');
    expect(items[0]).toHaveTextContent('Spectated for 10 minutes: clean');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(items[1]).toHaveTextContent('Automation “Three reports”');
    expect(items[1]).toHaveTextContent('3 F7 reports in 10 minutes');
    expect(items[1]).toHaveTextContent('2 hours ago');
  });

  it('has no Notes tab for a member (the API sends them no notes)', async () => {
    api.roles.set('mia', 'member');
    const rex = rexWithNotes();
    renderProfile('mia', rex.steamId);
    await screen.findByRole('heading', { level: 1, name: 'Rex' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).not.toContain('Notes');
    expect(screen.queryByText('Spectated for 10 minutes: clean')).not.toBeInTheDocument();
  });

  it('says No notes yet, checks a note before sending it, and shows the note once added', async () => {
    api.roles.set('mo', 'moderator');
    const rex = api.addPlayer('Rex');
    const { user } = renderProfile('mo', rex.steamId);
    const panel = await notesTab(user);
    expect(within(panel).getByRole('heading', { name: 'No notes yet' })).toBeInTheDocument();

    await user.type(within(panel).getByLabelText('Add note'), '   ');
    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(within(panel).getByText('Note must not be empty')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/networks/${api.network.id}/players/${rex.steamId}/notes`)).toEqual([]);

    await user.type(within(panel).getByLabelText('Add note'), ' Alt of a banned player ');
    expect(within(panel).queryByText('Note must not be empty')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    const list = await within(panel).findByRole('list', { name: 'Notes' });
    expect(list).toHaveTextContent('Alt of a banned player');
    expect(list).toHaveTextContent('mo');
    expect(within(panel).getByLabelText('Add note')).toHaveValue('');
    expect(
      api.callsTo('POST', `/api/networks/${api.network.id}/players/${rex.steamId}/notes`)[0].body,
    ).toEqual({ text: 'Alt of a banned player' });
  });

  it("shows the API's refusal beside the field", async () => {
    api.roles.set('mo', 'moderator');
    const rex = api.addPlayer('Rex');
    api.failures.set('POST /api/networks/:id/players/:steamId/notes', {
      status: 500,
      body: { success: false, error: 'The database is busy', code: 'INTERNAL' },
    });
    const { user } = renderProfile('mo', rex.steamId);
    const panel = await notesTab(user);
    await user.type(within(panel).getByLabelText('Add note'), 'Try this');
    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(await within(panel).findByText('The database is busy')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Add note')).toHaveValue('Try this');
  });

  it('removes a note after asking, and keeps it on Cancel', async () => {
    api.roles.set('mo', 'moderator');
    const rex = rexWithNotes();
    const { user } = renderProfile('mo', rex.steamId);
    const panel = await notesTab(user);
    const remove = () =>
      within(panel).getByRole('button', { name: 'Remove the note by Automation “Three reports”' });

    await user.click(remove());
    let dialog = screen.getByRole('dialog', { name: 'Remove note?' });
    expect(dialog).toHaveTextContent('3 F7 reports in 10 minutes');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/networks/${api.network.id}/players/${rex.steamId}/notes/n1`)).toEqual(
      [],
    );

    await user.click(remove());
    dialog = screen.getByRole('dialog', { name: 'Remove note?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(panel).not.toHaveTextContent('3 F7 reports in 10 minutes'));
    expect(panel).toHaveTextContent('Spectated for 10 minutes: clean');
    expect(
      api.callsTo('DELETE', `/api/networks/${api.network.id}/players/${rex.steamId}/notes/n1`),
    ).toHaveLength(1);
  });

  it('says in the dialog when removing fails, and keeps the note', async () => {
    api.roles.set('mo', 'moderator');
    const rex = rexWithNotes();
    api.failures.set('DELETE /api/networks/:id/players/:steamId/notes/:noteId', {
      status: 404,
      body: { success: false, error: 'Note not found', code: 'NOT_FOUND' },
    });
    const { user } = renderProfile('mo', rex.steamId);
    const panel = await notesTab(user);
    await user.click(within(panel).getByRole('button', { name: 'Remove the note by Moe Moderator' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove note?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Note not found');
    expect(panel).toHaveTextContent('Spectated for 10 minutes: clean');
  });

  it('shows the demo user (an admin) the notes with the form and Remove disabled: the demo is read-only', async () => {
    api.roles.set('demo-user-id', 'admin');
    const rex = rexWithNotes();
    const { user } = renderProfile('demo-user-id', rex.steamId, true);
    const panel = await notesTab(user);
    const controls = [
      within(panel).getByLabelText('Add note'),
      within(panel).getByRole('button', { name: 'Add note' }),
      within(panel).getByRole('button', { name: 'Remove the note by Moe Moderator' }),
    ];
    for (const control of controls) {
      expect(control).toBeDisabled();
      expect(control).toHaveAttribute('title', 'The demo is read-only');
    }
  });
});
