// Preloaded into a measured process (node --expose-gc --require memory-probe.cjs): on SIGUSR2 it
// collects garbage and writes process.memoryUsage() to BENCH_MEMORY_FILE, so the bench reads the
// memory of a server without code of its own running in that server.
const { renameSync, writeFileSync } = require('node:fs');

const file = process.env.BENCH_MEMORY_FILE;
if (file)
  process.on('SIGUSR2', () => {
    // Twice, with a pause after each: the first pass can leave garbage only the second one finds
    // unreachable, and V8 hands freed pages back to the system on a thread of its own.
    global.gc?.();
    setTimeout(() => {
      global.gc?.();
      setTimeout(() => {
        writeFileSync(`${file}.tmp`, JSON.stringify(process.memoryUsage()));
        renameSync(`${file}.tmp`, file);
      }, 200);
    }, 200);
  });
