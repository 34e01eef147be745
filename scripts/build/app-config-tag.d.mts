import type { Plugin } from 'vite';
export declare const APP_CONFIG_PATH: string;
export declare function appConfigTag(): Plugin;
