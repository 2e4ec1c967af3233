import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureApiClient } from './config';
import { completeSignIn } from './session';
import { makeStore } from './store';

// A real local server: the thunk must have the JWT before it stores the user.
let server: Server;
let order: string[] = [];
let signedIn = true;

beforeAll(async () => {
  server = createServer((request, response) => {
    order.push(`${request.method} ${request.url}`);
    response.setHeader('Content-Type', 'application/json');
    if (!signedIn) {
      response.statusCode = 401;
      response.end(
        JSON.stringify({
          message: 'User (role: guests) missing scope (account)',
          code: 401,
          type: 'general_unauthorized_scope',
        }),
      );
    } else if (request.url === '/v1/account/jwts') response.end(JSON.stringify({ jwt: 'jwt-9' }));
    else
      response.end(
        JSON.stringify({ $id: 'u9', email: 'u9@example.com', name: 'Nine', emailVerification: true }),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  order = [];
  signedIn = true;
});

describe('completeSignIn', () => {
  it('creates the JWT first, then stores the user', async () => {
    const store = makeStore();
    const user = await store.dispatch(completeSignIn()).unwrap();
    expect(user.$id).toBe('u9');
    expect(order).toEqual(['POST /v1/account/jwts', 'GET /v1/account']);
    expect(store.getState().auth).toMatchObject({ status: 'signed-in', jwt: 'jwt-9' });
  });

  it('rejects with the status when there is no session', async () => {
    signedIn = false;
    const store = makeStore();
    await expect(store.dispatch(completeSignIn()).unwrap()).rejects.toMatchObject({ status: 401 });
    expect(store.getState().auth.status).toBe('signed-out');
  });
});
