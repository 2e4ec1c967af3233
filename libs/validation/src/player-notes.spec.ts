import { addPlayerNoteSchema, validateRequest } from './index';

describe('a note on a player', () => {
  it('keeps the text trimmed, up to 500 characters', () => {
    expect(addPlayerNoteSchema.parse({ text: '  Streams on Twitch, often accused  ' })).toEqual({
      text: 'Streams on Twitch, often accused',
    });
    expect(addPlayerNoteSchema.safeParse({ text: 'n'.repeat(500) }).success).toBe(true);
  });

  it.each([
    ['no text', {}, 'Note must not be empty'],
    ['blank text', { text: '   ' }, 'Note must not be empty'],
    ['a number', { text: 42 }, 'Note must not be empty'],
    ['501 characters', { text: 'n'.repeat(501) }, 'Note must be 500 characters or less'],
  ])('refuses %s, naming text', (_case, body, message) => {
    expect(validateRequest(addPlayerNoteSchema, body)).toMatchObject({
      error: message,
      details: [{ field: 'text', message }],
    });
  });

  it('refuses fields it does not know', () => {
    expect(addPlayerNoteSchema.safeParse({ text: 'ok', authorName: 'Someone else' }).success).toBe(false);
  });
});
