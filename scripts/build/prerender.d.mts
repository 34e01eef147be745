import type { Plugin } from 'vite';
export declare function prerenderEntry(options: { entry: string; boot: string }): Plugin;
