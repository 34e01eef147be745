export declare const PRERENDER_ENTRY: string;
export declare const ROUTE_DOCUMENTS: string;
export declare const EARLY_SCRIPT: string;
