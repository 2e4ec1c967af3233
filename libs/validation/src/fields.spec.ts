import {
  MESSAGES,
  validateConnectionAddress,
  validateDescription,
  validateEmail,
  validateGradient,
  validateNetworkName,
  validateServerName,
} from './index';

const SERVER_INVALID =
  'Server name contains invalid characters. Use only letters, numbers, spaces, and basic punctuation.';

describe('server name (spec section 5)', () => {
  it('is required', () => {
    expect(validateServerName('')).toBe('Server name is required');
    expect(validateServerName('   ')).toBe('Server name is required');
    expect(validateServerName(undefined)).toBe('Server name is required');
    expect(validateServerName(null)).toBe('Server name is required');
  });

  it('takes up to 50 characters', () => {
    expect(validateServerName('a'.repeat(49))).toBeNull();
    expect(validateServerName('a'.repeat(50))).toBeNull();
    expect(validateServerName('a'.repeat(51))).toBe('Server name must be less than 50 characters');
  });

  it('measures the name without surrounding spaces', () => {
    expect(validateServerName(`  ${'a'.repeat(50)}  `)).toBeNull();
  });

  it.each(['-', '_', '#', '.', '(', ')', '[', ']', '{', '}', ' '])('allows %j', (char) => {
    expect(validateServerName(`Main${char}1`)).toBeNull();
  });

  it('allows letters of any language and digits', () => {
    expect(validateServerName('Rustoria EU Main #2 [Vanilla] (x2) {solo}')).toBeNull();
    expect(validateServerName('Größe Ödland 3')).toBeNull();
  });

  it.each(['<b>x</b>', 'a&b', 'a"b', "a'b", 'a!b', 'a,b', 'a:b', 'a/b', 'a@b', 'a\tb', 'tab\nline'])(
    'refuses %j',
    (name) => {
      expect(validateServerName(name)).toBe(SERVER_INVALID);
    },
  );

  it('reports only the first broken rule: too long before invalid characters', () => {
    expect(validateServerName('<'.repeat(51))).toBe('Server name must be less than 50 characters');
  });

  it('falls back to Invalid server name for a value that is not text', () => {
    expect(validateServerName(42)).toBe('Invalid server name');
    expect(MESSAGES.serverNameFallback).toBe('Invalid server name');
  });
});

describe('network name (spec section 5)', () => {
  it('is required after trimming', () => {
    expect(validateNetworkName('')).toBe('Network name is required');
    expect(validateNetworkName(' \t ')).toBe('Network name is required');
    expect(validateNetworkName(undefined)).toBe('Network name is required');
  });

  it('takes up to 100 characters', () => {
    expect(validateNetworkName('n'.repeat(99))).toBeNull();
    expect(validateNetworkName('n'.repeat(100))).toBeNull();
    expect(validateNetworkName('n'.repeat(101))).toBe('Network name must be 100 characters or less');
  });

  it.each(['-', '_', '#', '.', '(', ')', '[', ']', '{', '}', '!', '?', ',', ':', ';', ' '])(
    'allows %j',
    (char) => {
      expect(validateNetworkName(`Net${char}1`)).toBeNull();
    },
  );

  it.each(['<script>', 'a&b', 'a"b', 'a/b', 'a@b', 'a=b'])('refuses %j', (name) => {
    expect(validateNetworkName(name)).toBe('Network name contains invalid characters');
  });
});

describe('description (spec section 5)', () => {
  it('is optional', () => {
    expect(validateDescription(undefined)).toBeNull();
    expect(validateDescription('')).toBeNull();
  });

  it('takes up to 500 characters', () => {
    expect(validateDescription('d'.repeat(499))).toBeNull();
    expect(validateDescription('d'.repeat(500))).toBeNull();
    expect(validateDescription('d'.repeat(501))).toBe('Description must be 500 characters or less');
  });

  it('accepts a broader character set, line breaks included', () => {
    expect(
      validateDescription('PvP & building: "fair play", 100% uptime!\nJoin us @ discord / weekly wipes ;)'),
    ).toBeNull();
  });

  it.each(['<b>bold</b>', 'a > b', 'bell\u0007', 'nul\u0000'])('refuses %j', (text) => {
    expect(validateDescription(text)).toBe('Description contains invalid characters');
  });
});

describe('connection address (spec section 5)', () => {
  it('is required', () => {
    expect(validateConnectionAddress('')).toBe('Connection address is required');
    expect(validateConnectionAddress('  ')).toBe('Connection address is required');
    expect(validateConnectionAddress(undefined)).toBe('Connection address is required');
  });

  it.each([
    'play.example.com:28015',
    '127.0.0.1:28015',
    'localhost:28015',
    '10.0.0.255:1',
    'a-b.example.org:65535',
    '[::1]:28015',
  ])('accepts %s', (address) => {
    expect(validateConnectionAddress(address)).toBeNull();
  });

  it.each([
    '1.2.3.4',
    'host:0',
    'host:70000',
    'host:65536',
    'play.example.com',
    ':28015',
    '256.1.1.1:28015',
    '999.1.1.1:28015',
    '1.2.3:28015',
    'bad_host.com:28015',
    '-host.com:28015',
    'host:28015:1',
    'host:port',
    'http://host:28015',
  ])('refuses %s', (address) => {
    expect(validateConnectionAddress(address)).toBe(
      'Connection address must be in the format IP:PORT or DOMAIN:PORT',
    );
  });

  it('takes at most 255 characters', () => {
    const host = (extra: string) => `${'a'.repeat(60)}.`.repeat(4) + extra;
    const address255 = `${host('abcde')}:28015`;
    const address256 = `${host('abcdef')}:28015`;
    expect([address255.length, address256.length]).toEqual([255, 256]);
    expect(validateConnectionAddress(address255)).toBeNull();
    expect(validateConnectionAddress(address256)).toBe('Connection address must be 255 characters or less');
  });
});

describe('gradient', () => {
  it('accepts hex colours and a known direction', () => {
    expect(validateGradient({ from: '#3b82f6', to: '#1D4ED8', direction: '135deg' })).toBeNull();
    expect(validateGradient({ from: '#fff', to: '#000', direction: '0deg' })).toBeNull();
  });

  it.each(['45deg', '135deg', '90deg', '0deg', '270deg', '180deg'])('accepts direction %s', (direction) => {
    expect(validateGradient({ from: '#fff', to: '#000', direction })).toBeNull();
  });

  it('refuses another direction with the list of options', () => {
    expect(validateGradient({ from: '#fff', to: '#000', direction: '30deg' })).toBe(
      'Gradient direction must be one of 45deg, 135deg, 90deg, 0deg, 270deg, 180deg',
    );
  });

  it.each(['blue', '#12345', 'fff', 'url(x)'])('refuses colour %s', (color) => {
    expect(validateGradient({ from: color, to: '#000', direction: '45deg' })).toBe(
      'Gradient colours must be hex colours such as #3b82f6',
    );
  });

  it('refuses a gradient with extra keys', () => {
    expect(validateGradient({ from: '#fff', to: '#000', direction: '45deg', style: 'x' })).toBe(
      'Unknown field "style"',
    );
  });
});

describe('e-mail', () => {
  it.each(['ana@example.com', ' ana.b+rust@mail.example.org '])('accepts %j', (email) => {
    expect(validateEmail(email)).toBeNull();
  });

  it.each(['', 'ana', 'ana@', '@example.com', 'ana@example', 'a b@example.com'])('refuses %j', (email) => {
    expect(validateEmail(email)).toBe('Enter a valid e-mail address');
  });
});
