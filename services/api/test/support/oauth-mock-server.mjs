// A local OAuth2 provider for the sign-in tests (oauth2-mock-server is ESM-only, so it runs in
// its own Node process). Prints {"url": ...} once listening. Each stdin line is a JSON response
// {status?, body} queued for the next profile request (/userinfo); it is acknowledged with "ok".
import readline from 'node:readline';
import { OAuth2Server } from 'oauth2-mock-server';

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
await server.start(0, '127.0.0.1');

const queue = [];
server.service.on('beforeUserinfo', (response) => {
  const next = queue.shift();
  if (!next) return;
  response.statusCode = next.status ?? 200;
  response.body = next.body;
});

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  if (!line.trim()) return;
  queue.push(JSON.parse(line));
  process.stdout.write('ok\n');
});
process.stdin.on('end', () => server.stop().then(() => process.exit(0)));

process.stdout.write(`${JSON.stringify({ url: server.issuer.url })}\n`);
