// bench/logs-query's data: one network of 8 servers and 3,000 players with 10 million stored events
// over the last 14 days, written straight in SQL (through the plugin protocol they would take the
// bench hours). Kept in its own database between runs: a marker row says the seed is complete and
// which seed and which migrations of server_events made it; anything else (no marker, another
// seed, a changed or added migration of server_events) drops the database and seeds it again.
// BENCH_LOGS_RESEED=1 forces that.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from '../support/panel.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

/** Bump when the data below changes, so a kept database is seeded again. */
const SEED_VERSION = 2;
export const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
export const SERVERS = 8;
const DAYS = 14;
const BATCH = 1_000_000;

/**
 * The migrations of server_events the kept database was made with: a changed or added one means
 * a new seed. Others are applied by the panel as it starts, as on any database it upgrades.
 */
const migrationsHash = () => {
  const dir = path.join(repoRoot, 'services/api/src/migrations');
  const hash = createHash('sha256');
  for (const file of readdirSync(dir).sort()) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    if (text.includes('server_events')) hash.update(file).update(text);
  }
  return hash.digest('hex').slice(0, 16);
};

const seedKey = () => `v${SEED_VERSION}:${EVENTS}:${migrationsHash()}`;

const client = async (url) => {
  const db = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await db.connect();
  return db;
};

/**
 * The kept database (`name` on the server of `adminUrl`): its url, and the marker's record of the
 * seed when it is complete and current, else null after making it empty. Null overall when the
 * server is not reachable.
 */
export async function keptDatabase(adminUrl, name) {
  let admin;
  try {
    admin = await client(adminUrl);
  } catch {
    return null;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
    if (exists && !process.env.BENCH_LOGS_RESEED) {
      const db = await client(url.toString());
      try {
        const marker = await db
          .query('select seed from bench_logs_seed where key = $1', [seedKey()])
          .catch(() => ({ rows: [] }));
        if (marker.rows[0]) return { url: url.toString(), seed: marker.rows[0].seed };
      } finally {
        await db.end();
      }
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    return { url: url.toString(), seed: null };
  } finally {
    await admin.end();
  }
}

// Chat words, most used first (a message picks them skewed towards the front): "the", "wood" and
// "base" are everywhere, the last ones a few thousand times; a few tokens are sprinkled rarely.
const WORDS = `the you gg wood base is a to no raid me lol yes stone metal sulfur help anyone team
door roof my we ok and of trade scrap come where what go on now pls at heli ak bro nice shot kos
wipe bp tc code lock key ez rip wtf noob why how in it for with they this that our your their
bradley oil rig outpost bandit camp monument group join discord admin cheater hacker report ban
blueprint cupboard auth mp5 thompson bolty l96 lr m249 rocket c4 satchel beancan explo ammo frag
bag sleeping spawn beach naked farm hemp cloth food water corn pumpkin horse boat mini copter fuel
furnace refinery quarry pumpjack turret trap shotgun bow arrow spear rock hatchet pickaxe chainsaw
jackhammer medkit syringe bandage armor hqm facemask chestplate kilt roadsign hazmat yo hi hello
dude lag server fps ping night day rad town launch site dome airfield trainyard powerplant harbor
lighthouse cargo ship chinook crate locked hackable elite military tunnel sewer cave snow desert
forest swamp jungle north south east west who when thanks ty np omg friendly truce peace war clan
zerg solo duo trio quad offline online raided killed died dead alive run hide stop wait later
tomorrow tonight hour minute vending machine shop sell buy price cheap`.split(/\s+/);
const PREFIXES = `Silent Dark Mad Big Lil Sneaky Toxic Lucky Rusty Iron Steel Crazy Angry Happy Sad Cold Hot
Fast Slow Red Blue Green Black White Golden Night Shadow Ghost Wild Lone Old Young Salty Spicy
Frosty Stormy Brave Sly Grim Holy Epic Pro Noob Tactical Cheeky Jolly Fuzzy Hairy Naked Sweaty
Chill Lazy Rapid Swift Mighty Tiny Giant Hidden Lost Savage`.split(/\s+/);
const SUFFIXES =
  `Wolf Bear Fox Hawk Eagle Raider Hunter Sniper Builder Farmer Miner Camper Roamer Viking Pirate
Ninja Samurai Knight King Queen Duke Baron Ghost Reaper Doctor Chef Gamer Player Bandit Outlaw
Ranger Scout Soldier Tank Rocket Bullet Blade Hammer Axe Spear Rock Stone Tree Frog Cat Dog Goat
Chicken Boar Potato`.split(/\s+/);
export const PLAYERS = PREFIXES.length * SUFFIXES.length;
const WEAPONS = `rifle.ak rifle.lr300 smg.mp5 rifle.bolt smg.thompson pistol.semiauto shotgun.pump
rifle.semiauto pistol.revolver bow.hunting shotgun.waterpipe smg.2 pistol.python crossbow
knife.combat spear.wooden rifle.l96 lmg.m249 grenade.f1 rocket.launcher`.split(/\s+/);
const REASONS = [
  'Disconnected',
  'Disconnected',
  'Disconnected',
  'Timed Out',
  'Kicked: AFK',
  'Connection lost',
  'Steam Auth Timeout',
  'Kicked: EAC Violation',
];
const SUBJECTS = ['Cheating', 'Abusive', 'Spamming', 'Griefing'];
const REPORT_LINES = [
  'he is using esp',
  'aimbot for sure',
  'called me names in chat',
  'spamming voice',
  'walled us in',
  'flying over our base',
];
const CONSOLE_LINES = [
  'Saving % entities',
  '[Oxide] Loaded plugin Kits v4.%',
  '[Event] Patrol helicopter spawned',
  'Cargo ship event started',
  'Airdrop spawned at grid %',
  'Server FPS dropped to %',
  'Backup created: % MB',
  'Chinook dropped a locked crate at %',
];
const LOG_LINES = [
  '[Kits] % kits given',
  'Plugin Vanish took % ms',
  'NullReferenceException in OnEntityDeath',
  'Invalid position for entity %',
  'Timer % fired late',
  '[Clans] clan % disbanded',
];

// Steam ids as players have them: 7656119 and ten digits, spread over the accounts made so far.
const STEAM_ACCOUNT_BASE = 76561197960265728n + 40_000_000n;
const accountSpread = (i) => `((${i}::bigint + 1) * 2654435761) % 1500000000`;
/** Steam id of player i (0-based). */
export const steamIdOf = (i) =>
  String(STEAM_ACCOUNT_BASE + (((BigInt(i) + 1n) * 2654435761n) % 1_500_000_000n));
/** The same in SQL, for the player number in `column`. */
const sqlSteamIdOf = (column) => `(${STEAM_ACCOUNT_BASE} + ${accountSpread(column)})::text`;
/** The name the network knows player i by. */
export const nameOf = (i) => `${PREFIXES[i % PREFIXES.length]}${SUFFIXES[Math.floor(i / PREFIXES.length)]}`;
/** The same in SQL, for the player number in `column` ($6 and $7 are the prefixes and suffixes). */
const sqlNameOf = (column) =>
  `(($6::text[])[1 + ${column} % ${PREFIXES.length}] || ($7::text[])[1 + ${column} / ${PREFIXES.length}])`;

/** A unique id shaped like the API's UUIDs, cheaper than gen_random_uuid() (a third of the load). */
const ID = `lpad(to_hex((g::bigint * 2654435761) % 4294967296), 8, '0') || '-' || lpad(to_hex(g % 65536), 4, '0')
  || '-4000-8000-' || lpad(to_hex(g), 12, '0')`;

/**
 * One batch of events, g in [$1, $2]. Players are skewed (player 0 has ~1% of the lines, the median
 * one ~2,000); types: chat 40%, kill 24%, connect and disconnect 14% each, console 4%, log 3.85%,
 * report 0.15%. Lines follow each other in time (as they arrive), a few per second. search_text is
 * what searchTextOf (services/api/src/modules/logs/search-text.ts) makes: the distinct non-empty
 * parts (steamIds, the known names, the event's name, message, subject, reason, weapon) joined by
 * a line feed, lower-cased.
 */
const EVENTS_SQL = `
  insert into server_events (id, network_id, server_id, event_id, type, steam_id, target_steam_id,
    payload, at, received_at, search_text)
  select ${ID}, $3, server_id, 'e' || g, type, steam, target,
    -- JSON as the API writes it (JSON.stringify); no value here needs escaping.
    case type
      when 'chat' then '{"steamId":"' || steam || '","name":"' || said_name || '","channel":"'
        || case when r2 < 0.2 then 'team' else 'global' end || '","message":"' || message || '"}'
      when 'connect' then '{"steamId":"' || steam || '","name":"' || said_name || '","ip":"10.'
        || (g % 250) || '.' || (g % 199) || '.' || (g % 97) || '"}'
      when 'disconnect' then '{"steamId":"' || steam || '","reason":"' || reason || '"}'
      when 'kill' then '{"killerSteamId":"' || steam || '","victimSteamId":"' || target || '","weapon":"'
        || weapon || '","distance":' || round((r2 * 250)::numeric, 1) || ',"headshot":' || (r3 < 0.2) || '}'
      when 'report' then '{"reporterSteamId":"' || steam || '","targetSteamId":"' || target
        || '","subject":"' || subject || '","message":"' || message || '"}'
      else '{"level":"' || case when r2 < 0.8 then 'info' when r2 < 0.95 then 'warning' else 'error' end
        || '","message":"' || message || '"}'
    end,
    at, at + interval '1 second',
    lower(concat_ws(chr(10), steam, target, steam_name, target_name, nullif(said_name, steam_name),
      message, subject, reason, weapon))
  from (
    select g, type, at, r2, r3, ($4::text[])[1 + floor(${SERVERS} * power(r_server, 1.5))::int] as server_id,
      case when type not in ('console', 'log') then ${sqlSteamIdOf('p1')} end as steam,
      case when type in ('kill', 'report') then ${sqlSteamIdOf('p2')} end as target,
      case when type not in ('console', 'log') then ${sqlNameOf('p1')} end as steam_name,
      case when type in ('kill', 'report') then ${sqlNameOf('p2')} end as target_name,
      case when type in ('chat', 'connect') then
        ${sqlNameOf('p1')} || case when r_old < 0.03 then '_old' else '' end end as said_name,
      case type
        when 'chat' then concat_ws(' ', ($8::text[])[1 + floor(nw * power(r1, 2.5))::int],
          ($8::text[])[1 + floor(nw * power(r2, 2.5))::int], ($8::text[])[1 + floor(nw * power(r3, 2.5))::int],
          case when r4 < 0.6 then ($8::text[])[1 + floor(nw * power(r4 / 0.6, 2.5))::int] end,
          case when r5 < 0.3 then ($8::text[])[1 + floor(nw * power(r5 / 0.3, 2.5))::int] end,
          case when r6 < 0.00001 then 'sulfurcrate' when r6 < 0.0003 then 'grubhunter' end)
        when 'report' then ($9::text[])[1 + floor(r1 * cardinality($9::text[]))::int]
        when 'console' then replace(($10::text[])[1 + floor(r1 * cardinality($10::text[]))::int], '%', (g % 9973)::text)
        when 'log' then replace(($11::text[])[1 + floor(r1 * cardinality($11::text[]))::int], '%', (g % 997)::text)
      end as message,
      case when type = 'report' then ($12::text[])[1 + floor(r2 * cardinality($12::text[]))::int] end as subject,
      case when type = 'disconnect' then ($13::text[])[1 + floor(r1 * cardinality($13::text[]))::int] end as reason,
      case when type = 'kill' then ($14::text[])[1 + floor(cardinality($14::text[]) * power(r1, 2))::int] end as weapon
    from (
      select g, random() as r_server, random() as r_old, random() as r1, random() as r2, random() as r3,
        random() as r4, random() as r5, random() as r6, cardinality($8::text[]) as nw,
        floor(${PLAYERS} * power(random(), 2))::int as p1, floor(${PLAYERS} * random())::int as p2,
        -- Whole milliseconds, as the plugin protocol's ISO times carry (the cursor keeps no more).
        $5::timestamptz + floor((g - 1) * (${DAYS} * 86400000.0 / ${EVENTS}) + random() * 100)
          * interval '1 millisecond' as at,
        case when t < 0.40 then 'chat' when t < 0.64 then 'kill' when t < 0.78 then 'connect'
          when t < 0.92 then 'disconnect' when t < 0.96 then 'console' when t < 0.9985 then 'log'
          else 'report' end as type
      from (select g, random() as t from generate_series($1::int, $2::int) as g) as series
    ) as drawn
  ) as parts`;

const PLAYERS_SQL = `
  insert into players (id, network_id, steam_id, display_name, status, first_joined, last_seen,
    playtime_minutes, total_sessions, total_kills, total_deaths, headshots, groups)
  select gen_random_uuid()::text, $1, steam_id, name, 'offline', now() - interval '${DAYS} days',
    now() - (i % 1000) * interval '1 minute', i % 5000, 1 + i % 40, i % 700, i % 500, i % 90, '["default"]'
  from unnest($2::text[], $3::text[]) with ordinality as p(steam_id, name, i)`;

/**
 * Builds the indexes on two connections at once (CREATE INDEX only takes a share lock), the
 * costliest first: a trigram index costs about four times a btree for the same rows, and a
 * partial one only reads the rows of its type.
 */
const buildIndexes = async (db, url, indexes) => {
  const counts = new Map(
    (await db.query('select type, count(*)::int as n from server_events group by type')).rows.map((row) => [
      row.type,
      row.n,
    ]),
  );
  const cost = ({ def }) => {
    const type = /where \(?\(?type\)?::text = '(\w+)'/i.exec(def)?.[1];
    return (type ? (counts.get(type) ?? 0) : EVENTS) * (/using gin/i.test(def) ? 4 : 1);
  };
  const queue = [...indexes].sort((a, b) => cost(b) - cost(a));
  const second = await client(url);
  try {
    await second.query("set maintenance_work_mem = '512MB'");
    await Promise.all(
      [db, second].map(async (connection) => {
        for (let index = queue.shift(); index; index = queue.shift()) await connection.query(index.def);
      }),
    );
  } finally {
    await second.end();
  }
};

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * Fills the empty network `networkId` (its servers `serverIds`, made through the API) with the
 * players and events, then writes the marker. The table's indexes and constraints (whatever the
 * migrations made) are dropped for the load and made again after it, as a restore would.
 */
export async function seed(url, { networkId, serverIds, ownerEmail }) {
  const db = await client(url);
  const started = performance.now();
  try {
    await db.query("set maintenance_work_mem = '512MB'");
    await db.query('select setseed(0.42)');
    const steamIds = Array.from({ length: PLAYERS }, (_, i) => steamIdOf(i));
    const names = Array.from({ length: PLAYERS }, (_, i) => nameOf(i));
    await db.query(PLAYERS_SQL, [networkId, steamIds, names]);

    const constraints = (
      await db.query(
        `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
         where conrelid = 'server_events'::regclass and contype in ('p', 'u', 'f') order by contype = 'f'`,
      )
    ).rows;
    const indexes = (
      await db.query(
        `select indexname as name, indexdef as def from pg_indexes
         where tablename = 'server_events' and indexname not in (select conname from pg_constraint)`,
      )
    ).rows;
    for (const { name } of indexes) await db.query(`drop index ${name}`);
    for (const { name } of [...constraints].reverse())
      await db.query(`alter table server_events drop constraint ${name}`);

    const start = new Date(Date.now() - DAYS * 86_400_000);
    for (let from = 1; from <= EVENTS; from += BATCH) {
      const to = Math.min(EVENTS, from + BATCH - 1);
      await db.query(EVENTS_SQL, [
        from,
        to,
        networkId,
        serverIds,
        start,
        PREFIXES,
        SUFFIXES,
        WORDS,
        REPORT_LINES,
        CONSOLE_LINES,
        LOG_LINES,
        SUBJECTS,
        REASONS,
        WEAPONS,
      ]);
      process.stdout.write(`\r  seeding: ${to.toLocaleString('en')} events, ${seconds(started)} s`);
    }
    process.stdout.write('\n');
    const loaded = performance.now();
    for (const { name, def } of constraints)
      await db.query(`alter table server_events add constraint ${name} ${def}`);
    await buildIndexes(db, url, indexes);
    const indexed = performance.now();
    await db.query('vacuum (analyze) server_events');
    await db.query('analyze players');
    const total = seconds(started);
    const record = { networkId, serverIds, ownerEmail, events: EVENTS, seconds: Number(total) };
    await db.query('create table bench_logs_seed (key text primary key, seed json not null)');
    await db.query('insert into bench_logs_seed values ($1, $2)', [seedKey(), JSON.stringify(record)]);
    console.log(
      `  seeded ${EVENTS.toLocaleString('en')} events in ${total} s (load ${((loaded - started) / 1000).toFixed(1)} s,` +
        ` constraints and indexes ${((indexed - loaded) / 1000).toFixed(1)} s)`,
    );
    return record;
  } finally {
    await db.end();
  }
}
