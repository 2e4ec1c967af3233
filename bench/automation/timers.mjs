// The floor beside the schedules' start delay: a bare Node process that sets `count` timers for the
// same instant (ms since the epoch) and prints, as JSON, how late each one fired (ms).
// Usage: node timers.mjs <instant> <count>
const [instant, count] = process.argv.slice(2).map(Number);
const now = () => performance.timeOrigin + performance.now();
const late = [];
for (let i = 0; i < count; i += 1)
  setTimeout(
    () => {
      late.push(now() - instant);
      if (late.length === count) process.stdout.write(JSON.stringify(late));
    },
    Math.max(0, instant - now()),
  );
