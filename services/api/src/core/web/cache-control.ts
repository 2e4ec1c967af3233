import path from 'node:path';

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

// Files whose name stays the same across builds and that point at the hashed ones: a browser
// must revalidate them, or it keeps running an old build.
const ENTRY_FILES = new Set(['index.html', 'mf-manifest.json', 'remotes.json', 'remoteEntry.js']);

// A content hash in the name (main.3f2a1b9c.js, 512.a1b2c3d4e5f6.css): the bytes never change.
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export const cacheControlFor = (file: string): string => {
  const name = path.basename(file);
  if (ENTRY_FILES.has(name)) return NO_CACHE;
  return HASHED_NAME.test(name) ? IMMUTABLE : NO_CACHE;
};
