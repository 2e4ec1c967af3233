// The share of a build's chunks that some of its source files make up: the minified code each
// chunk's source map attributes to them, gzipped together (gzip -9), as a chunk of their own
// would be. Used for the shell's own remote-switching code (shell/src/remotes).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const { SourceMapConsumer } = require('source-map');

/** The minified text of `file` (a .js with a .js.map beside it) that maps to a source `picked` accepts. */
const pickedCode = (file, picked) => {
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) return '';
  const lines = readFileSync(file, 'utf8').split('\n');
  const consumer = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')));
  const parts = [];
  let previous = null;
  const take = (from, to) => {
    if (previous?.source && picked(previous.source)) {
      const line = lines[previous.generatedLine - 1] ?? '';
      parts.push(line.slice(from, to ?? line.length));
    }
  };
  consumer.eachMapping((mapping) => {
    if (previous)
      take(
        previous.generatedColumn,
        previous.generatedLine === mapping.generatedLine ? mapping.generatedColumn : undefined,
      );
    previous = mapping;
  });
  if (previous) take(previous.generatedColumn);
  return parts.join('');
};

/**
 * The gzip size of the code `picked` sources make up in `dist`: in the chunks named by `initial`
 * (those a page loads) and in all the build's chunks.
 */
export const moduleShare = (dist, picked, initial) => {
  const files = readdirSync(dist).filter((f) => f.endsWith('.js'));
  const gz = (list) => {
    const code = list.map((f) => pickedCode(path.join(dist, f), picked)).join('\n');
    return code ? gzipSync(code, { level: 9 }).length : 0;
  };
  return { initial: gz(files.filter((f) => initial.has(f))), all: gz(files) };
};
