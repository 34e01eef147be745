/** Helpers the benches share. */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';

/** A port the OS has free now. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/** The 1, 5 and 15 minute load averages, printed next to every figure (the machine may be shared). */
export const loadAverage = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const TICK_MS = 1000 / 100; // /proc times are in clock ticks (USER_HZ = 100 on Linux)

/**
 * CPU milliseconds (user + system) a process and every process under it have used so far,
 * from /proc: the live ones, and those that ended and were waited for (counted in their
 * parent's children times). Linux only. Unlike wall time, this hardly depends on how busy
 * the machine is.
 */
export function treeCpuMs(pid) {
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
    } catch {
      // ended meanwhile
    }
  }
  let ticks = 0;
  const walk = (p) => {
    ticks += stats.get(p)?.ticks ?? 0;
    for (const [child, s] of stats) if (s.ppid === p) walk(child);
  };
  walk(pid);
  return ticks * TICK_MS;
}

/**
 * The whole machine's CPU time so far (all cores, from /proc/stat): busy (everything but idle and
 * I/O wait) and total, in milliseconds. The difference of two readings says how busy the machine was.
 */
export function machineCpu() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = fields[3] + fields[4];
  return { busyMs: (total - idle) * TICK_MS, totalMs: total * TICK_MS };
}
