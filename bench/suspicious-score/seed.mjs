// Seeds a server of PLAYERS players straight into PostgreSQL, as the plugin API and the suspicious
// module would have stored them: each player with a session on the server, an address and a join
// (connect event with a name), KILLS_PER_PLAYER kill events on average (every 7th a headshot, a
// few aces far above the rest), F7 reports against one player in 20 from up to 4 others,
// AntiHack violations for one in 50, a second and third name for one in 100, and banned accounts
// sharing an address with one in 500.
const STEAM = 76561190000000000n;

export async function seedSuspicious(db, { networkId, serverId, players, killsPerPlayer }) {
  const steamOf = (g) => `(${STEAM}::bigint + ${g})::text`;
  await db.query(
    `insert into players (id, network_id, steam_id, display_name, status, first_joined, last_seen,
       playtime_minutes, total_sessions, total_kills, total_deaths, headshots, groups, last_server_id, last_ip)
     select gen_random_uuid(), $1::text, ${steamOf('g')}, 'Raider ' || g, 'offline',
       now() - (g % 30) * interval '1 day', now() - (g % 600) * interval '1 minute',
       60 + g % 3000, 1 + g % 40, 0, 0, 0, '[]', $2::text, '10.' || (g / 65536 % 256) || '.' || (g / 256 % 256) || '.' || (g % 256)
     from generate_series(1, $3) g`,
    [networkId, serverId, players],
  );
  await db.query(
    `insert into player_sessions (id, network_id, player_id, server_id, joined_at, left_at)
     select gen_random_uuid(), $1::text, id, $2::text, now() - interval '3 hours', now() - interval '1 hour'
     from players where network_id = $1::text`,
    [networkId, serverId],
  );
  await db.query(
    `insert into player_ips (id, player_id, ip, first_seen, last_seen)
     select gen_random_uuid(), id, last_ip, first_joined, last_seen from players where network_id = $1::text`,
    [networkId],
  );
  // Kills: killer g, victim a neighbour; aces (one in 200) kill ten times as often.
  await db.query(
    `insert into server_events (id, network_id, server_id, event_id, type, steam_id, target_steam_id, payload, at, received_at)
     select gen_random_uuid(), $1::text, $2::text, 'k' || k || '-' || g, 'kill', ${steamOf('g')}, ${steamOf('(g % $3) + 1')},
       case when (g + k) % 7 = 0 or (g % 200 = 0 and k % 4 <> 0) then '{"weapon":"rifle.ak","headshot":true}'
            else '{"weapon":"rifle.ak","headshot":false}' end,
       now() - (k % 1440) * interval '1 minute', now()
     from generate_series(1, $3) g,
          lateral generate_series(1, case when g % 200 = 0 then $4 * 10 else $4 end) k`,
    [networkId, serverId, players, killsPerPlayer],
  );
  // The per-server tallies the suspicious module keeps as kill events arrive (as its migration fills them).
  await db.query(
    `insert into suspicious_tallies (server_id, network_id, steam_id, kills, deaths, headshots)
     select server_id, max(network_id), steam_id, sum(kills), sum(deaths), sum(headshots) from (
       select server_id, network_id, steam_id, 1 as kills, 0 as deaths,
         case when payload like '%"headshot":true%' then 1 else 0 end as headshots
       from server_events where network_id = $1::text and type = 'kill'
       union all
       select server_id, network_id, target_steam_id, 0, 1, 0 from server_events where network_id = $1::text and type = 'kill'
     ) k group by server_id, steam_id`,
    [networkId],
  );
  await db.query(
    `insert into server_events (id, network_id, server_id, event_id, type, steam_id, payload, at, received_at)
     select gen_random_uuid(), $1::text, $2::text, 'c' || n || '-' || g, 'connect', ${steamOf('g')},
       '{"name":"Raider ' || g || case when n > 1 then '-' || n else '' end || '"}',
       now() - n * interval '2 hours', now()
     from generate_series(1, $3) g, lateral generate_series(1, case when g % 100 = 0 then 3 else 1 end) n`,
    [networkId, serverId, players],
  );
  await db.query(
    `insert into reports (id, network_id, server_id, source, reporter_steam_id, target_steam_id, message, reported_at, received_at)
     select gen_random_uuid(), $1::text, $2::text, 'plugin', ${steamOf('((g + r * 17) % $3) + 1')}, ${steamOf('g')}, 'cheating',
       now() - r * interval '10 minutes', now()
     from generate_series(20, $3, 20) g, lateral generate_series(1, 1 + g % 4) r`,
    [networkId, serverId, players],
  );
  await db.query(
    `insert into suspicious_violations (id, network_id, server_id, steam_id, kind, level, source, event_id, at)
     select gen_random_uuid(), $1::text, $2::text, ${steamOf('g')}, case when g % 100 = 0 then 'SpeedHack' else 'FlyHack' end,
       200, 'console', gen_random_uuid()::text, (extract(epoch from now()) * 1000)::bigint - g
     from generate_series(50, $3, 50) g`,
    [networkId, serverId, players],
  );
  // Banned accounts on the address of one player in 500 (their own address row too).
  await db.query(
    `with banned as (
       insert into players (id, network_id, steam_id, display_name, status, first_joined, last_seen, groups)
       select gen_random_uuid(), $1::text, ${steamOf('$2::int + g')}, 'Banned ' || g, 'offline', now(), now(), '[]'
       from generate_series(500, $2, 500) g
       returning id, steam_id, (steam_id::bigint - ${STEAM}::bigint - $2)::int as g)
     , ips as (
       insert into player_ips (id, player_id, ip, first_seen, last_seen)
       select gen_random_uuid(), b.id, p.last_ip, now(), now() from banned b
       join players p on p.network_id = $1::text and p.steam_id = ${steamOf('b.g')}
       returning player_id)
     insert into punishments (id, network_id, player_id, steam_id, type, reason, issued_at)
     select gen_random_uuid(), $1::text, id, steam_id, 'ban', 'cheating', now() from banned`,
    [networkId, players],
  );
  const count = async (sql) => Number((await db.query(sql, [networkId])).rows[0].n);
  return {
    players: await count('select count(*) n from players where network_id = $1'),
    kills: await count(`select count(*) n from server_events where network_id = $1 and type = 'kill'`),
    joins: await count(`select count(*) n from server_events where network_id = $1 and type = 'connect'`),
    reports: await count('select count(*) n from reports where network_id = $1'),
    violations: await count('select count(*) n from suspicious_violations where network_id = $1'),
    bans: await count(`select count(*) n from punishments where network_id = $1 and type = 'ban'`),
  };
}
