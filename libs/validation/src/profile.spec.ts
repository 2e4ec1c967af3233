import {
  CONTROL_CHARACTERS_MESSAGE,
  MESSAGES,
  setUsernameSchema,
  updateProfileSchema,
  validateRequest,
} from './index';

describe('profile bodies', () => {
  it('accepts name, avatar (or null) and username, trimmed', () => {
    expect(updateProfileSchema.parse({ name: '  Rust Admin ', avatar: null, username: 'raider_1' })).toEqual({
      name: 'Rust Admin',
      avatar: null,
      username: 'raider_1',
    });
  });

  it.each([
    [{}, MESSAGES.profileNothingToChange],
    [{ name: '   ' }, MESSAGES.profileNameInvalid],
    [{ name: 'x'.repeat(101) }, MESSAGES.profileNameInvalid],
    [{ name: 'Bell\u0007Ringer' }, CONTROL_CHARACTERS_MESSAGE],
    [{ name: 'Two\nLines' }, CONTROL_CHARACTERS_MESSAGE],
    [{ avatar: 'ftp://files.example/me.png' }, MESSAGES.avatarInvalid],
    [{ username: 'admin' }, MESSAGES.usernameReserved],
    [{ email: 'a@example.com' }, MESSAGES.unknownField('email')],
  ])('refuses %j with "%s"', (body, message) => {
    expect(validateRequest(updateProfileSchema, body)).toMatchObject({ success: false, error: message });
  });

  it('needs a username to set one', () => {
    expect(validateRequest(setUsernameSchema, {})).toMatchObject({ error: MESSAGES.usernameRequired });
  });
});
