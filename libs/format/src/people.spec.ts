import { MEMBER_DESCRIPTIONS, initials, memberDescription } from './index';

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

describe('memberDescription: one of 14 phrases by the last two characters of the id (spec section 9)', () => {
  it('has 14 distinct phrases', () => {
    expect(MEMBER_DESCRIPTIONS).toHaveLength(14);
    expect(new Set(MEMBER_DESCRIPTIONS).size).toBe(14);
  });

  it('sums the char codes of the last two characters, modulo 14', () => {
    // 'a' (97) + 'b' (98) = 195; 195 % 14 = 13
    expect(memberDescription('member-ab')).toBe(MEMBER_DESCRIPTIONS[13]);
    // '0' (48) + '0' (48) = 96; 96 % 14 = 12
    expect(memberDescription('x00')).toBe(MEMBER_DESCRIPTIONS[12]);
    // only 'z' (122); 122 % 14 = 10
    expect(memberDescription('z')).toBe(MEMBER_DESCRIPTIONS[10]);
    expect(memberDescription('')).toBe(MEMBER_DESCRIPTIONS[0]);
  });

  it('is stable for the same id and depends only on its end', () => {
    expect(memberDescription('first-id-7f')).toBe(memberDescription('other-7f'));
  });
});
