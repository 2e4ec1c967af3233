import { initials } from './index';

describe('initials: first two characters of name or e-mail, upper-cased (spec section 9)', () => {
  it('uses the name first', () => {
    expect(initials('rusty raider', 'rr@example.com')).toBe('RU');
  });

  it('falls back to the e-mail when the name is empty or blank', () => {
    expect(initials('', 'ana@example.com')).toBe('AN');
    expect(initials('   ', 'ana@example.com')).toBe('AN');
    expect(initials(null, 'bo@example.com')).toBe('BO');
  });

  it('handles one character and keeps emoji whole', () => {
    expect(initials('x')).toBe('X');
    expect(initials('🦀crab')).toBe('🦀C');
  });

  it("shows '?' when there is nothing", () => {
    expect(initials()).toBe('?');
    expect(initials(undefined, '')).toBe('?');
  });
});
