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
  return cpuTimesAt(`/proc/${pid}/stat`);
}

/**
 * CPU seconds each thread of a process has used so far, by thread id (Linux
 * /proc/<pid>/task/<tid>/stat): which of a server's threads the time went to. Empty once it is
 * gone.
 * @param {number} pid
 * @returns {Map<number, number>}
 */
export function threadCpuSecondsOf(pid) {
  const threads = new Map();
  let tids;
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const tid of tids) {
    const { user, system } = cpuTimesAt(`/proc/${pid}/task/${tid}/stat`);
    threads.set(Number(tid), user + system);
  }
  return threads;
}

/**
 * @param {string} statFile
 * @returns {{ user: number; system: number }}
 */
function cpuTimesAt(statFile) {
  let text;
  try {
    text = fs.readFileSync(statFile, 'utf8');
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
