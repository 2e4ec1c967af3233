import { RESERVED_USERNAMES, USERNAME_RULES, usernameSchema, validateUsername } from './index';

describe('username', () => {
  it('takes 3 to 20 characters', () => {
    expect(validateUsername('ab')).toBe('Username must be at least 3 characters');
    expect(validateUsername('abc')).toBeNull();
    expect(validateUsername('a'.repeat(20))).toBeNull();
    expect(validateUsername('a'.repeat(21))).toBe('Username must be 20 characters or less');
  });

  it('needs a value', () => {
    expect(validateUsername(undefined)).toBe('Username is required');
    expect(validateUsername('')).toBe('Username must be at least 3 characters');
  });

  it.each(['rust player', 'rust-player', 'rüst', 'a.b.c', 'x@y'])('refuses %j', (name) => {
    expect(validateUsername(name)).toBe('Username can only contain letters, numbers and underscores');
  });

  it('allows letters, digits and underscores, and trims spaces around', () => {
    expect(validateUsername('Rust_Player_42')).toBeNull();
    expect(usernameSchema.parse('  raider_1  ')).toBe('raider_1');
  });

  it.each([
    'admin',
    'Admin',
    'ROOT',
    'system',
    'support',
    'demo',
    'api',
    'outpost',
    'moderator',
    'owner',
    'null',
    'undefined',
  ])('refuses the reserved name %s', (name) => {
    expect(validateUsername(name)).toBe('This username is reserved');
  });

  it('keeps every reserved name lower case, so the case-insensitive check finds it', () => {
    for (const name of RESERVED_USERNAMES) expect(name).toBe(name.toLowerCase());
  });

  it('documents the rules for people', () => {
    expect(USERNAME_RULES).toContain('3 to 20 characters');
    expect(USERNAME_RULES).toContain('letters, numbers and underscores');
  });
});
