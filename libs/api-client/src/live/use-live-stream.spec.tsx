import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { ServerResponse } from 'node:http';
import { jwtIssued } from '../auth-slice';
import { configureApiClient } from '../config';
import { startTestServer, type RecordedRequest, type TestServer } from '../spec-support/test-server';
import { makeStore, StoreProvider } from '../store';
import { selectLiveStatus } from './live-slice';
import { useLiveStream } from './use-live-stream';

let server: TestServer;
let streams: RecordedRequest[];
let open: ServerResponse[];

beforeEach(async () => {
  streams = [];
  open = [];
  server = await startTestServer({
    'GET /api/live': (req, res) => {
      streams.push(req);
      open.push(res);
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('event: ready\ndata: {"type":"ready"}\n\n');
    },
  });
  configureApiClient({ baseUrl: server.url, apiKey: 'web-key' });
});
afterEach(async () => {
  for (const res of open) res.end();
  await server.close();
});

const renderStream = (userId: string | null) => {
  const store = makeStore();
  store.dispatch(jwtIssued('the-jwt'));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StoreProvider store={store}>{children}</StoreProvider>
  );
  const hook = renderHook(({ id }: { id: string | null }) => useLiveStream(id), {
    wrapper,
    initialProps: { id: userId },
  });
  return { store, hook };
};

it('opens the stream (loaded on demand) for a signed-in user and closes it when they leave', async () => {
  const { store, hook } = renderStream('u1');
  await waitFor(() => expect(selectLiveStatus(store.getState())).toBe('connected'));
  expect(streams).toHaveLength(1);
  expect(streams[0].headers.authorization).toBe('Bearer the-jwt');
  hook.rerender({ id: null });
  expect(selectLiveStatus(store.getState())).toBe('off');
});

it('opens no stream for a visitor', async () => {
  const { store } = renderStream(null);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(streams).toHaveLength(0);
  expect(selectLiveStatus(store.getState())).toBe('off');
});

it('opens no stream when the page is left before the connection has loaded', async () => {
  const { store, hook } = renderStream('u1');
  hook.unmount();
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(streams).toHaveLength(0);
  expect(selectLiveStatus(store.getState())).toBe('off');
});
