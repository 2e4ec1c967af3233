import { memberFacts } from './member-facts';

const now = new Date('2026-11-28T12:00:00.000Z');

describe('memberFacts', () => {
  it('says the role, when the member was last active and who invited them', () => {
    expect(
      memberFacts(
        {
          role: 'moderator',
          lastActiveAt: '2026-11-28T09:30:00.000Z',
          invitedBy: { userId: 'u1', name: 'Olivia Owner' },
        },
        now,
      ),
    ).toBe('Moderator · last active 2 hours ago · invited by Olivia Owner');
  });

  it('says so when the member was never active, and leaves out an inviter it does not know', () => {
    expect(memberFacts({ role: 'owner', lastActiveAt: null, invitedBy: null }, now)).toBe(
      'Owner · not active yet',
    );
    expect(memberFacts({ role: 'member', lastActiveAt: '2026-11-28T11:59:30.000Z' }, now)).toBe(
      'Member · last active just now',
    );
  });
});
