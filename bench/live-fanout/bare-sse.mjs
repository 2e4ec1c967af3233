// The baseline of bench/live-fanout: a bare node:http SSE server (no framework, no auth, no roles)
// that holds its streams and, on POST /publish, writes the frame the panel writes for a heartbeat
// (server.status, made once) to each of them. Run as a child process; sends its port over IPC.
import { createServer } from 'node:http';

const streams = new Set();
const boot = Date.now().toString(36);
let sequence = 0;

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/live') {
    request.socket.setTimeout(0);
    request.socket.setNoDelay(true);
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    response.write('event: ready\ndata: {"type":"ready"}\n\n');
    streams.add(response);
    request.on('close', () => streams.delete(response));
    return;
  }
  if (request.method === 'POST' && request.url === '/publish') {
    sequence += 1;
    const event = {
      type: 'server.status',
      networkId: 'bench-network',
      serverId: 'bench-server',
      status: 'online',
      playerCount: 0,
      maxPlayers: 100,
      at: new Date().toISOString(),
    };
    const frame = `id: ${boot}-${sequence}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
    for (const stream of streams) stream.write(frame);
    response.end('ok');
    return;
  }
  response.writeHead(404).end();
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
// The bench ends this process when it is done; if the bench dies first, so does the baseline.
process.on('disconnect', () => process.exit(0));
