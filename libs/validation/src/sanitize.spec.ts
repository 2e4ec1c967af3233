import { check, encodeHtml, sanitizeServerName, stripTags } from './index';

describe('tag stripping and HTML encoding (spec section 5)', () => {
  it('strips tags', () => {
    expect(stripTags('<b>Main</b> <img src=x onerror=alert(1)>EU')).toBe('Main EU');
  });

  it('encodes & < > " and \'', () => {
    expect(encodeHtml(`a & b < c > d "e" 'f'`)).toBe('a &amp; b &lt; c &gt; d &quot;e&quot; &#39;f&#39;');
  });

  it('strips, trims then encodes a server name before it is sent', () => {
    expect(sanitizeServerName('  <i>Rust</i> & Co  ')).toBe('Rust &amp; Co');
    expect(sanitizeServerName('Main EU #1')).toBe('Main EU #1');
  });
});

describe('generic checker (spec section 5)', () => {
  it('reports a missing required value and nothing else', () => {
    expect(check('', { required: true, minLength: 3, label: 'Name' })).toEqual(['Name is required']);
    expect(check(null, { required: true })).toEqual(['This field is required']);
  });

  it('skips an empty optional value', () => {
    expect(check('', { minLength: 3, pattern: /^x+$/ })).toEqual([]);
  });

  it('checks minimum and maximum length', () => {
    expect(check('ab', { minLength: 3, label: 'Code' })).toEqual(['Code must be at least 3 characters']);
    expect(check('abcd', { maxLength: 3, label: 'Code' })).toEqual(['Code must be 3 characters or less']);
    expect(check('abc', { minLength: 3, maxLength: 3 })).toEqual([]);
  });

  it('checks a pattern, the same way on every call even with a global flag', () => {
    const rules = { pattern: /^[a-z]+$/g, label: 'Tag' };
    expect(check('abc', rules)).toEqual([]);
    expect(check('abc', rules)).toEqual([]);
    expect(check('ABC', rules)).toEqual(['Tag is not valid']);
  });

  it('runs a custom check and lists every broken rule in order', () => {
    const rules = {
      maxLength: 5,
      pattern: /^\d+$/,
      custom: (value: string) => (value.startsWith('0') ? 'No leading zero' : null),
      messages: { pattern: 'Digits only' },
    };
    expect(check('0abcdef', rules)).toEqual([
      'This field must be 5 characters or less',
      'Digits only',
      'No leading zero',
    ]);
    expect(check('123', rules)).toEqual([]);
  });
});
