import { MESSAGES, putRconSchema, validateRequest } from './index';

const valid = { host: '192.168.1.20', port: 28016, password: 'hunter2' };

describe('putRconSchema', () => {
  it.each(['127.0.0.1', '10.0.0.5', 'localhost', 'rust.example.com', '[::1]', 'fe80::1'])(
    'accepts the host %s (loopback and private addresses included)',
    (host) => {
      expect(validateRequest(putRconSchema, { ...valid, host }).success).toBe(true);
    },
  );

  it('trims the host, brackets a bare IPv6 literal and keeps the password as typed', () => {
    expect(validateRequest(putRconSchema, { ...valid, host: ' ::1 ', password: ' a b ' })).toEqual({
      success: true,
      data: { host: '[::1]', port: 28016, password: ' a b ' },
    });
  });

  it.each([
    [{ ...valid, host: undefined }, 'host', MESSAGES.rconHostRequired],
    [{ ...valid, host: '  ' }, 'host', MESSAGES.rconHostRequired],
    [{ ...valid, host: 'a'.repeat(256) }, 'host', MESSAGES.rconHostTooLong],
    [{ ...valid, host: 'not a host' }, 'host', MESSAGES.rconHostInvalid],
    [{ ...valid, host: 'ws://10.0.0.5' }, 'host', MESSAGES.rconHostInvalid],
    [{ ...valid, host: 42 }, 'host', MESSAGES.rconHostInvalid],
    [{ ...valid, port: 0 }, 'port', MESSAGES.rconPort],
    [{ ...valid, port: 65536 }, 'port', MESSAGES.rconPort],
    [{ ...valid, port: 'abc' }, 'port', MESSAGES.rconPort],
    [{ ...valid, port: 1.5 }, 'port', MESSAGES.rconPort],
    [{ ...valid, port: undefined }, 'port', MESSAGES.rconPort],
    [{ ...valid, password: '' }, 'password', MESSAGES.rconPasswordRequired],
    [{ ...valid, password: undefined }, 'password', MESSAGES.rconPasswordRequired],
    [{ ...valid, password: 'x'.repeat(129) }, 'password', MESSAGES.rconPasswordTooLong],
    [{ ...valid, password: 'a\u0000b' }, 'password', MESSAGES.rconPasswordInvalid],
    [{ ...valid, state: 'connected' }, 'state', MESSAGES.unknownField('state')],
  ])('refuses %j: %s "%s"', (body, field, message) => {
    expect(validateRequest(putRconSchema, body)).toMatchObject({
      success: false,
      error: message,
      details: [{ field, message }],
    });
  });
});
