import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_USER_ID } from '@outpost/contracts';
import { authCheckStarted } from './auth-slice';
import { configureApiClient, JWT_STORAGE_KEY } from './config';
import { completeSignIn, issueJwt, startDemoSession } from './session';
import { makeStore } from './store';

// A real local server: the thunk must have the JWT before it stores the user.
let server: Server;
let order: string[] = [];
let signedIn = true;
let demo = false;
/** Holds the next "no session" answer to GET /v1/account until called: a slow check racing a sign-in. */
let holdUnauthorizedAccount: ((release: () => void) => void) | null = null;

beforeAll(async () => {
  server = createServer((request, response) => {
    order.push(`${request.method} ${request.url}`);
    response.setHeader('Content-Type', 'application/json');
    if (!signedIn) {
      response.statusCode = 401;
      const body = JSON.stringify({
        message: 'User (role: guests) missing scope (account)',
        code: 401,
        type: 'general_unauthorized_scope',
      });
      const hold = request.url === '/v1/account' ? holdUnauthorizedAccount : null;
      if (hold) {
        holdUnauthorizedAccount = null;
        hold(() => response.end(body));
      } else response.end(body);
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
  holdUnauthorizedAccount = null;
  localStorage.clear();
});

describe('two sign-ins at once', () => {
  it('the boot check finding no session does not sign out a user a sign-in page signed in meanwhile', async () => {
    const store = makeStore();
    signedIn = false;
    const held = new Promise<() => void>((resolve) => (holdUnauthorizedAccount = resolve));
    store.dispatch(authCheckStarted());
    const check = store.dispatch(completeSignIn());
    const answerCheck = await held;
    signedIn = true; // the magic-link page created the session
    await store.dispatch(completeSignIn()).unwrap();
    answerCheck();
    await expect(check.unwrap()).rejects.toMatchObject({ status: 401 });
    expect(store.getState().auth).toMatchObject({ status: 'signed-in', jwt: 'jwt-9' });
    expect(localStorage.getItem(JWT_STORAGE_KEY)).toBe('jwt-9');
  });

  it('the latest attempt finding no session signs out and forgets the JWT', async () => {
    localStorage.setItem(JWT_STORAGE_KEY, 'old-jwt');
    const store = makeStore();
    signedIn = false;
    store.dispatch(authCheckStarted());
    await expect(store.dispatch(completeSignIn()).unwrap()).rejects.toMatchObject({ status: 401 });
    expect(store.getState().auth).toMatchObject({ status: 'signed-out', user: null, jwt: null });
    expect(localStorage.getItem(JWT_STORAGE_KEY)).toBeNull();
  });
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
