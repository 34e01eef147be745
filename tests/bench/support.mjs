/** Helpers the benches share. */
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
