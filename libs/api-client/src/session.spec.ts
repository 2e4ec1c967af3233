import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureApiClient } from './config';
import { DEMO_USER_ID } from '@outpost/contracts';
import { JWT_STORAGE_KEY } from './config';
import { completeSignIn, issueJwt, startDemoSession } from './session';
import { makeStore } from './store';

// A real local server: the thunk must have the JWT before it stores the user.
let server: Server;
let order: string[] = [];
let signedIn = true;
let demo = false;

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
    else if (request.url === '/v1/account/sessions/demo') {
      demo = true;
      response.end(JSON.stringify({ $id: 's2', userId: DEMO_USER_ID, expire: '2030-01-01T00:00:00.000Z' }));
    } else if (demo)
      response.end(
        JSON.stringify({
          $id: DEMO_USER_ID,
          email: 'demo@example.com',
          name: 'Demo',
          emailVerification: true,
        }),
      );
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
  demo = false;
  localStorage.clear();
});

describe('issueJwt', () => {
  it('stores the JWT, which the store persists', async () => {
    const store = makeStore();
    expect(await store.dispatch(issueJwt()).unwrap()).toBe('jwt-9');
    expect(store.getState().auth.jwt).toBe('jwt-9');
    expect(localStorage.getItem(JWT_STORAGE_KEY)).toBe('jwt-9');
    // A new store (a reload) starts with the persisted JWT.
    expect(makeStore().getState().auth.jwt).toBe('jwt-9');
  });

  it('rejects with the client error and keeps no JWT when there is no session', async () => {
    signedIn = false;
    const store = makeStore();
    await expect(store.dispatch(issueJwt()).unwrap()).rejects.toMatchObject({
      status: 401,
      code: 'general_unauthorized_scope',
    });
    expect(store.getState().auth.jwt).toBeNull();
  });
});

describe('startDemoSession', () => {
  it('creates the demo session, then signs the demo user in', async () => {
    const store = makeStore();
    const user = await store.dispatch(startDemoSession()).unwrap();
    expect(user.$id).toBe(DEMO_USER_ID);
    expect(order).toEqual(['POST /v1/account/sessions/demo', 'POST /v1/account/jwts', 'GET /v1/account']);
    expect(store.getState().auth.status).toBe('demo');
  });

  it('rejects when the demo session cannot be created, and signs nobody in', async () => {
    signedIn = false;
    const store = makeStore();
    await expect(store.dispatch(startDemoSession()).unwrap()).rejects.toMatchObject({ status: 401 });
    expect(order).toEqual(['POST /v1/account/sessions/demo']);
    expect(store.getState().auth.user).toBeNull();
  });
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
