import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { paths, ROUTES } from '@outpost/contracts';
import { atRoute } from './render';

/** A quoted string that starts like a panel address: those come from the route registry. */
const HAND_TYPED_PATH = /['"`]\/networks\b/;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));

describe('paths in mfe-networks', () => {
  it('are never typed by hand, in screens or in specs', () => {
    const typed = sourceFiles(path.join(__dirname, '..')).filter((file) =>
      HAND_TYPED_PATH.test(readFileSync(file, 'utf8')),
    );
    expect(typed.map((file) => path.relative(path.join(__dirname, '..'), file))).toEqual([]);
  });

  it('render a screen under the pattern the shell routes its address by', () => {
    const serverHome = ROUTES.find((route) => route.screen === 'server-home')?.path;
    expect(atRoute(paths.server('n1', 's1'))).toEqual({ route: paths.server('n1', 's1'), path: serverHome });
    expect(() => atRoute('/nowhere/at/all')).toThrow('/nowhere/at/all is not a route of the panel');
  });
});
