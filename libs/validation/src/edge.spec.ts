import { findEdgeProblem, MAX_JSON_DEPTH, NUL_MESSAGE, TOO_DEEP_MESSAGE } from './index';

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
};

describe('findEdgeProblem', () => {
  it('finds nothing in ordinary bodies', () => {
    expect(
      findEdgeProblem({ name: 'Rust Legends', players: [{ position: { x: 1, y: 2, z: 3 } }] }),
    ).toBeUndefined();
    expect(findEdgeProblem(null)).toBeUndefined();
    expect(findEdgeProblem('text')).toBeUndefined();
  });

  it('names the first NUL in document order, in a value or a key', () => {
    expect(findEdgeProblem({ a: 'ok', list: [{ b: 'x' }, { c: 'a\u0000b' }], z: '\u0000' })).toEqual({
      field: 'list.1.c',
      message: NUL_MESSAGE,
    });
    expect(findEdgeProblem({ ['ke\u0000y']: 1 })).toEqual({ field: 'ke\u0000y', message: NUL_MESSAGE });
    expect(findEdgeProblem('\u0000')).toEqual({ field: 'body', message: NUL_MESSAGE });
  });

  it(`takes ${MAX_JSON_DEPTH} levels and refuses one more`, () => {
    expect(findEdgeProblem(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(findEdgeProblem(nested(MAX_JSON_DEPTH + 1))).toMatchObject({ message: TOO_DEEP_MESSAGE });
  });

  it('refuses a hundred thousand nested arrays without overflowing the stack', () => {
    const body = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    expect(findEdgeProblem(body)).toMatchObject({ message: TOO_DEEP_MESSAGE });
  });
});
