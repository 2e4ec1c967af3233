// The CPU time of the processes a bench runs beside its own, read from Linux's /proc: user and
// system time together, in ms, as the kernel counts it (all of a process's threads).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** The process `pid`: its name, its parent's pid and its CPU time so far; null once it is gone. */
export const processStat = (pid) => {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The name is in parentheses and may hold spaces: the fields follow the last ')'.
  const nameEnd = stat.lastIndexOf(')');
  const fields = stat.slice(nameEnd + 2).split(' ');
  return {
    pid: Number(pid),
    name: stat.slice(stat.indexOf('(') + 1, nameEnd),
    parent: Number(fields[1]),
    cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS,
  };
};

/** The CPU time (ms) process `pid` has used so far. */
export const cpuMsOf = (pid) => processStat(pid)?.cpuMs ?? 0;

const everyProcess = () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(processStat)
    .filter(Boolean);

/**
 * Starts counting the CPU time of groups of processes: `groups` maps a label to a test of a
 * process ({pid, name, parent}), and a process counts in the first group it passes. Answers a
 * function that answers each group's CPU time (ms) since the start, processes started meanwhile
 * included (PostgreSQL's backends come and go).
 */
export const countCpu = (groups) => {
  const tests = Object.entries(groups);
  const groupOf = (process) => tests.find(([, test]) => test(process))?.[0];
  const read = () => {
    const readings = new Map();
    for (const process of everyProcess()) {
      const group = groupOf(process);
      if (group) readings.set(process.pid, { group, cpuMs: process.cpuMs });
    }
    return readings;
  };
  const before = read();
  return () => {
    const used = Object.fromEntries(tests.map(([label]) => [label, 0]));
    for (const [pid, { group, cpuMs }] of read()) used[group] += cpuMs - (before.get(pid)?.cpuMs ?? 0);
    return used;
  };
};
