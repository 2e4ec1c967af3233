// The clients of bench/live-fanout, in a process of their own so that their work counts in neither
// server's memory. Each stream is a plain TCP socket speaking just enough HTTP/1.1 (a GET, the
// status line, then the body's frames), so that the clients' own cost per frame stays small beside
// the server's. Told over IPC what to do:
// - open {port, path, tabs: [headers], concurrency}: opens a stream per entry of `tabs` (a few at a
//   time), each counted once its `ready` frame has come; answers how many are ready and why the
//   others are not;
// - measure {since}: from now on, keeps the delay of every server.status frame published at or
//   after `since` (its `at`, on the same machine clock) to its receipt;
// - collect {expected, waitMs}: answers those delays once `expected` have come (or waitMs passed);
// - close: ends every stream and answers once they are all closed.
import { connect } from 'node:net';

const READY_TIMEOUT_MS = 30_000;
const AT = /"at":"([^"]+)"/;

const sockets = new Set();
let delays = [];
let since = Infinity;
/** Streams the server ended while they were meant to be open (a slow reader cut off, a crash). */
let dropped = 0;
let closing = false;
let arrived = () => {};

const onFrame = (frame, receivedAt) => {
  if (!frame.includes('event: server.status')) return;
  const at = AT.exec(frame);
  const publishedAt = at ? Date.parse(at[1]) : NaN;
  if (!(publishedAt >= since)) return;
  delays.push(receivedAt - publishedAt);
  arrived();
};

/** Opens one stream; resolves with null once it is ready, or with why it is not. */
const openOne = (port, path, headers) =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, noDelay: true });
    const timer = setTimeout(() => settle('no ready frame in 30 s'), READY_TIMEOUT_MS);
    let ready = false;
    function settle(outcome) {
      clearTimeout(timer);
      if (outcome !== null) socket.destroy();
      resolve(outcome);
    }
    sockets.add(socket);
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${lines.join('')}\r\n`);
    // The frames are ASCII apart from names in their JSON, which only the timestamp is read from.
    socket.setEncoding('latin1');
    let head = true;
    let buffer = '';
    socket.on('data', (chunk) => {
      // One reading of the clock per read of the socket: every frame in it arrived then.
      const receivedAt = Date.now();
      buffer += chunk;
      if (head) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end === -1) return;
        const status = buffer.slice(0, buffer.indexOf('\r\n'));
        if (!/^HTTP\/1\.1 200 /.test(status)) return settle(`answered ${status.slice(9, 12)}`);
        head = false;
        buffer = buffer.slice(end + 4);
      }
      // The chunked encoding's size lines fall between frames (a frame is one chunk): they ride at
      // the start of the next frame's text, which is only searched.
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (ready) onFrame(frame, receivedAt);
        else if (frame.includes('event: ready')) {
          ready = true;
          settle(null);
        }
      }
    });
    socket.on('error', (error) => settle(error.message));
    socket.on('close', () => {
      sockets.delete(socket);
      if (ready && !closing) dropped += 1;
      else if (!ready) settle('closed before ready');
    });
  });

const open = async ({ port, path, tabs, concurrency }) => {
  closing = false;
  const started = performance.now();
  const failures = {};
  let ready = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tabs.length) {
        const failure = await openOne(port, path, tabs[next++]);
        if (failure === null) ready += 1;
        else failures[failure] = (failures[failure] ?? 0) + 1;
      }
    }),
  );
  return { ready, failures, seconds: (performance.now() - started) / 1000 };
};

const collect = ({ expected, waitMs }) =>
  new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      arrived = () => {};
      since = Infinity;
      resolve({ delays: Float64Array.from(delays), dropped });
    };
    const timer = setTimeout(done, waitMs);
    arrived = () => {
      if (delays.length >= expected) done();
    };
    arrived();
  });

const close = async () => {
  closing = true;
  const closed = [...sockets].map((socket) => new Promise((resolve) => socket.once('close', resolve)));
  for (const socket of sockets) socket.destroy();
  await Promise.all(closed);
  return {};
};

process.on('message', async ({ type, ...args }) => {
  if (type === 'open') process.send({ type, ...(await open(args)) });
  else if (type === 'measure') {
    delays = [];
    since = args.since;
    process.send({ type });
  } else if (type === 'collect') process.send({ type, ...(await collect(args)) });
  else if (type === 'close') process.send({ type, ...(await close()) });
});
process.on('disconnect', () => process.exit(0));
