export declare function preloadFirstPage(options: { modules: string[] }): import('vite').Plugin;
