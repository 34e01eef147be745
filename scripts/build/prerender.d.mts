import type { Plugin } from 'vite';
export declare const PRERENDER_ENTRY: string;
export declare function prerenderEntry(options: { entry: string }): Plugin;
