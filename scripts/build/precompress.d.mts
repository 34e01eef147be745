export declare const COMPRESSIBLE: RegExp;
export declare const MIN_BYTES: number;
export declare function precompressDir(dir: string): { file: string; raw: number; br: number; gzip: number }[];
export declare function precompress(): import('vite').Plugin;
