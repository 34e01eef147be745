/** Types of support.mjs for the TypeScript benches. */
export declare const freePort: () => Promise<number>;
export declare const loadAverage: () => string;
export declare function treeCpuMs(pid: number): number;
/** The whole machine's CPU time so far (all cores): busy and total milliseconds. */
export function machineCpu(): { busyMs: number; totalMs: number };
