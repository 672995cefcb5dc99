/**
 * CPU times of processes from Linux's /proc, for the benchmarks that say where a run's CPU went
 * (bench/upload: the servers' user and kernel time; bench/bell-time: CPU per desktop call of the
 * portal and of the database's processes).
 */
import fs from 'node:fs';

/**
 * CPU seconds a process has used so far, in user and in kernel time (Linux /proc/<pid>/stat):
 * the kernel's share is where writing and reading files goes. Zeros once it is gone.
 * @param {number} pid
 * @returns {{ user: number; system: number }}
 */
export function cpuTimesOf(pid) {
  let text;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return { user: 0, system: 0 };
  }
  // The fields after the command name (which may hold spaces) start after its ')'; utime and
  // stime are the 14th and 15th of the line, in clock ticks (100 a second on Linux).
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11] ?? 0) / 100, system: Number(fields[12] ?? 0) / 100 };
}

/**
 * CPU seconds (user and kernel) used so far by every process whose command is one of `names`
 * (e.g. `postgres`, `redis-server`).
 * @param {readonly string[]} names
 * @returns {number}
 */
export function cpuSecondsOfCommands(names) {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let comm;
    try {
      comm = fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (names.includes(comm)) {
      const { user, system } = cpuTimesOf(Number(entry));
      total += user + system;
    }
  }
  return total;
}
