export interface RouteDocument {
  name: string;
  prefix: string;
  frame: 'staff' | 'visitor';
  modules: string[];
}
export declare const FIRST_PAGE_MODULES: string[];
export declare const ROUTE_DOCUMENTS: RouteDocument[];
export declare const PRERENDER_MODULES: { entry: string; boot: string; early: string };
export declare const NAMED_MODULES: string[];
