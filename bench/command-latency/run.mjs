// bench/command-latency: how soon a command from the panel reaches the game server, and how soon a
// player's join reaches the panel, in three parts, each on SQLite and on PostgreSQL and each beside
// baselines measured in the same run:
// - console: POST /api/servers/{id}/console to the plugin's long-poll answer, with 200 servers
//   long-polling at once (console-long-poll.mjs; target p95 < 100 ms);
// - kick: POST /api/players/{steamId}/kick to the WebRCON emulator, through the RCON translator of
//   the panel's own connection (kick-through-rcon.mjs; target p95 < 250 ms);
// - join: a join (and disconnect) line of the WebRCON emulator to the players API showing it,
//   through the same connection (join-through-rcon.mjs; target p95 < 2 s).
// `node bench/command-latency/run.mjs` runs all three; `... run.mjs join` (or `kick`, `console`) one.
import { onEachDatabase } from '../support/database.mjs';
import { consoleLatency } from './console-long-poll.mjs';
import { joinLatency } from './join-through-rcon.mjs';
import { kickLatency } from './kick-through-rcon.mjs';

const PARTS = {
  console: { title: 'console command -> plugin long-poll', measure: consoleLatency },
  kick: { title: 'kick -> WebRCON emulator, through the translator', measure: kickLatency },
  join: { title: 'join line -> players API, through the translator', measure: joinLatency },
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in PARTS));
if (unknown.length) {
  console.error(`unknown part ${unknown.join(', ')}; the parts are ${Object.keys(PARTS).join(', ')}`);
  process.exit(2);
}

console.log('bench/command-latency');
const results = [];
for (const name of asked.length ? asked : Object.keys(PARTS)) {
  console.log(`  ${PARTS[name].title}`);
  results.push(...(await onEachDatabase(PARTS[name].measure)));
}
console.log(`  targets: ${results.every(Boolean) ? 'met' : 'NOT met'}`);
