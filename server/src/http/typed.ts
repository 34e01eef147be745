/**
 * Route types come from the route schemas (JSON-schema type provider): a route plugin
 * declared as `RoutePlugin<Options>` gets `request.params`, `request.query`,
 * `request.body` and `request.headers` typed from its `schema` (written `as const`),
 * and its replies checked against the response schemas. No hand-written
 * `app.get<{ Params: … }>` generics: the schema is the one source. The one exception:
 * a route with `attachValidation: true` that checks its own body keeps `Body: unknown`,
 * since its handler also runs for a body that failed the schema.
 */
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';

export type RoutePlugin<Options extends object = Record<never, never>> = FastifyPluginAsyncJsonSchemaToTs<{ Options: Options }>;

/** The app as a route plugin sees it (for helpers that register routes on it). */
export type TypedApp = Parameters<RoutePlugin>[0];
