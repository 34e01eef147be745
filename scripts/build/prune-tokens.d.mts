export declare function pruneTokens(styles: string[], scripts: string[], prefix?: string): string[];
export declare function pruneUnusedTokens(prefix?: string): import('vite').Plugin;
