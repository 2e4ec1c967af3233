import { createRedactor } from './redact';

describe('createRedactor', () => {
  it('redacts secrets as written, URL-encoded and JSON-escaped', () => {
    const redact = createRedactor(['opsrv_x', 'pa ss"/w', undefined, null]);
    expect(redact('token opsrv_x url ws://h:1/pa%20ss%22%2Fw json "pa ss\\"/w" raw pa ss"/w')).toBe(
      'token *** url ws://h:1/*** json "***" raw ***',
    );
  });

  it('replaces a secret that contains another whole', () => {
    expect(createRedactor(['abcd', 'abcdefgh'])('x abcdefgh y abcd')).toBe('x *** y ***');
  });

  it('leaves secrets under 4 characters alone, so a 1-character password does not blank the text', () => {
    const redact = createRedactor(['a', 'ab', 'abc', 'long secret']);
    expect(redact('a cat ate abc and a long secret')).toBe('a cat ate abc and a ***');
  });
});
