/** Types of support.mjs for the TypeScript benches. */
export declare const freePort: () => Promise<number>;
export declare const loadAverage: () => string;
export declare function treeCpuMs(pid: number): number;
