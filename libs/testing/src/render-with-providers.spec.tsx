import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Link, useParams } from '@outpost/router';
import { screen } from '@testing-library/react';
import { configureApiClient, makeStore, selectCurrentUser, useAppSelector } from '@outpost/api-client';
import { useGetAccountQuery } from '@outpost/api-cache';
import { paths } from '@outpost/contracts';
import { Button, useToast } from '@outpost/ui';
import { LOCATION_TEST_ID, renderWithProviders } from './render-with-providers';

const NetworkScreen = () => {
  const { networkId } = useParams();
  const user = useAppSelector(selectCurrentUser);
  const toast = useToast();
  return (
    <>
      <h1>Network {networkId}</h1>
      <p>Signed in as {user?.name ?? 'nobody'}</p>
      <Button onClick={() => toast.show('Invite copied')}>Copy Invite</Button>
      <Link to={paths.networks()}>Back to Networks</Link>
    </>
  );
};

const AccountName = () => {
  const { data, error } = useGetAccountQuery();
  if (error) return <p role="alert">{'message' in error ? error.message : 'failed'}</p>;
  return <p>{data ? `Hello ${data.name}` : 'Loading…'}</p>;
};

const ana = { $id: 'u1', email: 'ana@example.com', name: 'Ana', emailVerification: true };

describe('renderWithProviders', () => {
  it('gives the screen route params, the real store, toasts, and a user that can navigate', async () => {
    const { store, user } = renderWithProviders(<NetworkScreen />, {
      route: paths.network('n-42'),
      path: '/networks/:networkId',
      preloadedState: { auth: { status: 'signed-in', user: ana, jwt: null } },
    });
    expect(screen.getByRole('heading', { name: 'Network n-42' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as Ana')).toBeInTheDocument();
    expect(store.getState().auth.status).toBe('signed-in');

    await user.click(screen.getByRole('button', { name: 'Copy Invite' }));
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent('Invite copied');

    await user.click(screen.getByRole('link', { name: 'Back to Networks' }));
    expect(screen.getByTestId(LOCATION_TEST_ID)).toHaveTextContent('/networks');
    expect(screen.queryByRole('heading', { name: /Network/ })).not.toBeInTheDocument();
  });

  it('uses a store it is given', () => {
    const store = makeStore({ auth: { status: 'demo', user: { ...ana, name: 'Demo' }, jwt: null } });
    const result = renderWithProviders(<NetworkScreen />, { store });
    expect(result.store).toBe(store);
    expect(screen.getByText('Signed in as Demo')).toBeInTheDocument();
  });

  describe('with the API on a real local server', () => {
    let server: Server;
    let status = 200;

    beforeAll(async () => {
      server = createServer((_req, res) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify(
            status === 200 ? ana : { message: 'Session expired', code: 401, type: 'user_jwt_invalid' },
          ),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      configureApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    });

    afterAll(async () => {
      configureApiClient({ baseUrl: '' });
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('runs RTK Query hooks through the real base query', async () => {
      status = 200;
      const { store } = renderWithProviders(<AccountName />);
      expect(await screen.findByText('Hello Ana')).toBeInTheDocument();
      expect(store.getState().auth.user).toEqual(ana);
    });

    it('shows what the server said when the call fails', async () => {
      status = 401;
      renderWithProviders(<AccountName />);
      expect(await screen.findByRole('alert')).toHaveTextContent('Session expired');
    });
  });
});
