import { screen, waitFor, within } from '@testing-library/react';
import { FakeAccountApi } from '../../../test/fake-account-api';
import { renderAs, setUpFakeAccountApi } from '../../../test/render';
import ProfilePage from './profile-page';

const api = setUpFakeAccountApi();
const ana = { $id: 'u1', email: 'ana@example.com', name: 'Ana', emailVerification: true };
const session = (id: string, current: boolean) => ({
  id,
  provider: 'magic-url',
  createdAt: '2025-01-02T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: '2026-01-02T10:00:00.000Z',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
  current,
});

beforeEach(() => {
  api.profile = FakeAccountApi.newProfile({ name: 'Ana', username: 'ana_r' });
  api.sessions = [session('s-this', true), session('s-other', false)];
});

describe('the profile page', () => {
  it('shows the profile with the e-mail read-only, and saves only what changed', async () => {
    const { user, store } = renderAs(ana, <ProfilePage />);
    const name = await screen.findByLabelText('Name', { exact: true });
    expect(name).toHaveValue('Ana');
    expect(screen.getByLabelText('Username', { exact: true })).toHaveValue('ana_r');
    expect(screen.getByLabelText('E-mail', { exact: true })).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/plan');

    await user.clear(name);
    await user.type(name, 'Ana Rust');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/users/me')[0].body).toEqual({ name: 'Ana Rust' });
    expect(store.getState().auth.user?.name).toBe('Ana Rust');
  });

  it('checks the fields before saving', async () => {
    const { user } = renderAs(ana, <ProfilePage />);
    const avatar = await screen.findByLabelText('Avatar URL');
    await user.type(avatar, 'ftp://nope');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Avatar must be an http(s) URL of 2048 characters or less')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/users/me')).toHaveLength(0);
  });

  it('lists the sessions and ends another browser’s session', async () => {
    const { user } = renderAs(ana, <ProfilePage />);
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('This browser')).toBeInTheDocument();
    expect(within(list).getAllByText('Chrome on Linux')).toHaveLength(2);
    const end = within(list).getAllByRole('button', { name: /End session/ });
    expect(end).toHaveLength(1);
    await user.click(end[0]);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByText('This browser')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/users/me/sessions/s-other')).toHaveLength(1);
  });

  it('is read-only for the demo user', async () => {
    renderAs({ ...ana, $id: 'demo-user-id' }, <ProfilePage />, { demo: true });
    expect(await screen.findByRole('note')).toHaveTextContent('The demo is read-only');
    expect(screen.getByLabelText('Name', { exact: true })).toBeDisabled();
    for (const name of ['Save Changes', 'Reset Changes']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('title', 'The demo is read-only');
    }
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    const end = within(list).getByRole('button', { name: /End session/ });
    expect(end).toBeDisabled();
    expect(end).toHaveAttribute('title', 'The demo is read-only');
  });
});
