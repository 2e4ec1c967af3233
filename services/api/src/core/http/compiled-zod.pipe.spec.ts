import { distinctSteamIds, heartbeatSchema } from '@outpost/validation';
import { z } from 'zod';
import { assertValidatesOnly, CompiledZodPipe } from './compiled-zod.pipe';
import { DomainError } from './domain-error';
import { ZodPipe } from './zod.pipe';

const player = (steamId: string, extra: Record<string, unknown> = {}) => ({
  steamId,
  name: `Player ${steamId}`,
  ip: '198.51.100.7',
  ping: 42,
  position: { x: 1.5, y: -2, z: 300 },
  connectedSeconds: 60,
  groups: ['default', 'VIP'],
  ...extra,
});
const heartbeat = (changes: Record<string, unknown> = {}) => ({
  hostname: 'EU Main',
  map: 'Procedural Map',
  maxPlayers: 100,
  fps: 59.5,
  uptimeSeconds: 3600,
  starting: false,
  players: [player('76561198000000001'), player('76561198000000002')],
  ...changes,
});

/** What a pipe answers: the value it hands on, or the 400's message and details. */
const outcome = (pipe: ZodPipe<z.ZodType>, value: unknown) => {
  try {
    return { value: pipe.transform(value) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { error: error.message, details: error.details };
  }
};

describe('CompiledZodPipe', () => {
  const compiled = new CompiledZodPipe(heartbeatSchema, distinctSteamIds);

  it('hands a valid body on as it is', () => {
    const body = heartbeat();
    expect(compiled.transform(body)).toBe(body);
  });

  it('accepts and refuses exactly what zod does, with the same messages', () => {
    const zodOnly = new ZodPipe(heartbeatSchema);
    const bodies: unknown[] = [
      heartbeat(),
      heartbeat({ players: [] }),
      heartbeat({ players: [player('76561198000000001', { name: '😀'.repeat(100) })] }),
      heartbeat({ players: [player('76561198000000001', { name: '😀'.repeat(101) })] }),
      heartbeat({ players: [player('76561198000000001', { name: '   ' })] }),
      heartbeat({ players: [player('76561198000000001', { name: '' })] }),
      heartbeat({ players: [player('7656', {})] }),
      heartbeat({ players: [player('76561198000000001', { ping: -1 })] }),
      heartbeat({ players: [player('76561198000000001', { ping: 1.5 })] }),
      heartbeat({ players: [player('76561198000000001', { position: { x: 1, y: 2 } })] }),
      heartbeat({ players: [player('76561198000000001', { groups: [' '] })] }),
      heartbeat({ players: [player('76561198000000001', { secret: true })] }),
      heartbeat({ maxPlayers: 10_001 }),
      heartbeat({ maxPlayers: undefined }),
      heartbeat({ seed: -12 }),
      heartbeat({ seed: 1.5 }),
      heartbeat({ starting: 'yes' }),
      heartbeat({ map: 'x'.repeat(201) }),
      heartbeat({ extra: 1 }),
      heartbeat({ players: Array.from({ length: 1001 }, (_, i) => player(String(76561198000000000 + i))) }),
      { ...heartbeat(), ['__proto__']: { polluted: true } },
      JSON.parse('{"maxPlayers": 1, "players": [], "__proto__": {}}'),
      null,
      [],
      'heartbeat',
    ];
    for (const body of bodies) expect(outcome(compiled, body)).toEqual(outcome(zodOnly, body));
  });

  it('refuses a steamId listed twice, a rule beyond the schema', () => {
    expect(
      outcome(compiled, heartbeat({ players: [player('76561198000000001'), player('76561198000000001')] })),
    ).toEqual({
      error: 'players lists a steamId twice',
      details: [{ field: 'players', message: 'players lists a steamId twice' }],
    });
  });

  it('is made only for schemas that change nothing they accept', () => {
    expect(() => assertValidatesOnly(z.strictObject({ name: z.string().trim() }))).toThrow(
      'body.name: a overwrite check',
    );
    expect(() => assertValidatesOnly(z.array(z.string()).refine(() => true))).toThrow('a custom check');
    expect(() => assertValidatesOnly(z.object({ on: z.boolean().default(false) }))).toThrow(
      'body.on: a default schema',
    );
    expect(() => assertValidatesOnly(z.string().transform(Number))).toThrow('a pipe schema');
    expect(() => assertValidatesOnly(heartbeatSchema)).not.toThrow();
  });
});
