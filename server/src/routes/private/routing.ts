/**
 * Areas and routing in the private API (docs/routing.md):
 * - GET  /private/areas/              the areas (no geometry; `?geometry=true` with it), sia_read
 * - POST /private/areas/import/      a GeoJSON import of one area type, sia_area_write
 * - GET  /private/routing-rules/     the ordered rules, sia_routing_write
 * - PUT  /private/routing-rules/     replaces them (audit entry), sia_routing_write
 * - POST /private/routing-rules/dry-run/   what rules would do to the last N reports, sia_routing_write
 * - GET  /private/routing-rules/history/   the audit history, sia_routing_write
 * - POST /private/signals/{id}/reroute/    routes one report again by the rules now, sia_write
 * - POST /private/routing-rules/reroute/   starts re-routing every open report in the background (409 while one runs), sia_routing_write
 * - GET  /private/routing-rules/reroute/   the newest such job with its progress, sia_routing_write
 */
import { loadAreas } from '../../areas/index.ts';
import { importAreas } from '../../areas/import.ts';
import { amsterdamIso } from '../../followup/time.ts';
import { badRequestSchema, detailSchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { loadRules } from '../../routing/index.ts';
import { RULE_SCHEMA } from '../../routing/rules.ts';
import { areaTypes, checkRules, DRY_RUN, routingRuleHistory, dryRun, rerouteNow, saveRules, serializeRule, type RuleInput } from '../../routing/settings.ts';
import { departmentsOf } from '../../services/workflow/detail.ts';
import { latestReroute, startReroute, type RerouteJobView } from '../../routing/job.ts';
import { signalIdParams, visibleSignal } from './signal-access.ts';
import { API_PATHS } from '@meldloket/engine';

/** The permission of the rule editor (auth/catalogue.ts). */
export const ROUTING_PERMISSION = 'sia_routing_write';
export const AREA_PERMISSION = 'sia_area_write';

const AUTH = { 401: detailSchema, 403: detailSchema } as const;
const rulesBody = { type: 'array', maxItems: 500, items: RULE_SCHEMA } as const;
const ruleOut = { type: 'object', additionalProperties: true } as const;
const jobOut = { type: 'object', additionalProperties: true } as const;

/** The background re-routing's one-at-a-time refusal. */
export const REROUTE_RUNNING = 'Er worden al meldingen opnieuw gerouteerd. Wacht tot dat klaar is.';

const jobView = (job: RerouteJobView) => ({
  ...job,
  created_at: amsterdamIso(job.created_at),
  started_at: job.started_at ? amsterdamIso(job.started_at) : null,
  finished_at: job.finished_at ? amsterdamIso(job.finished_at) : null,
});

export const routingRoutes: RoutePlugin = async (app) => {
  const db = app.db;

  app.get(API_PATHS.areas, {
    config: { permission: 'sia_read' },
    schema: { querystring: { type: 'object', properties: { geometry: { type: 'boolean' } } }, response: { 200: { type: 'object', additionalProperties: true }, 400: badRequestSchema, ...AUTH } },
    handler: async (request) => {
      const [areas, types] = await Promise.all([loadAreas(db), areaTypes(db)]);
      const typeName = new Map(types.map((t) => [t.code, t.name]));
      return {
        types: types.map((t) => ({ code: t.code, name: t.name, count: areas.filter((a) => a.typeCode === t.code).length })),
        results: areas.map((a) => ({ id: a.id, code: a.code, name: a.name, type: { code: a.typeCode, name: typeName.get(a.typeCode) ?? a.typeCode }, ...(request.query.geometry ? { geometry: a.geometry } : {}) })),
      };
    },
  });

  app.post(API_PATHS.areasImport, {
    config: { permissions: ['sia_read', 'sia_write', AREA_PERMISSION] },
    bodyLimit: 20 * 1024 * 1024,
    schema: {
      body: {
        type: 'object',
        required: ['type_code', 'type_name', 'geojson'],
        additionalProperties: false,
        properties: {
          type_code: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[a-z0-9_-]+$' },
          type_name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
          code_property: { type: 'string', maxLength: 100 },
          name_property: { type: 'string', maxLength: 100 },
          geojson: { type: 'object' },
        },
      },
      response: { 200: { type: 'object', properties: { type_code: { type: 'string' }, count: { type: 'integer' } } }, 400: badRequestSchema, ...AUTH },
    },
    handler: async (request) => {
      const b = request.body;
      const result = await importAreas(db, b.geojson, { typeCode: b.type_code, typeName: b.type_name.trim(), codeProperty: b.code_property, nameProperty: b.name_property });
      app.areas.drop();
      return result;
    },
  });

  app.get(API_PATHS.routingRules, {
    config: { permission: ROUTING_PERMISSION },
    schema: { response: { 200: { type: 'object', properties: { results: { type: 'array', items: ruleOut } } }, ...AUTH } },
    handler: async () => ({ results: (await loadRules(db, false)).map(serializeRule) }),
  });

  app.put(API_PATHS.routingRules, {
    config: { permissions: ['sia_read', 'sia_write', ROUTING_PERMISSION] },
    schema: {
      body: { type: 'object', required: ['rules'], additionalProperties: false, properties: { rules: rulesBody } },
      response: { 200: { type: 'object', properties: { results: { type: 'array', items: ruleOut } } }, 400: badRequestSchema, ...AUTH },
    },
    handler: async (request) => ({ results: (await saveRules(db, app.routingRules, request.body.rules as RuleInput[], request.staff!.username, new Date())).map(serializeRule) }),
  });

  app.post(API_PATHS.routingRulesDryRun, {
    config: { permissions: ['sia_read', ROUTING_PERMISSION] },
    schema: {
      body: { type: 'object', required: ['rules'], additionalProperties: false, properties: { rules: rulesBody, last: { type: 'integer', minimum: 1, maximum: DRY_RUN.max } } },
      response: { 200: { type: 'object', additionalProperties: true }, 400: badRequestSchema, ...AUTH },
    },
    handler: async (request) => {
      await checkRules(db, request.body.rules as RuleInput[]);
      return dryRun(db, request.body.rules as RuleInput[], request.body.last ?? DRY_RUN.default);
    },
  });

  app.get(API_PATHS.routingRulesHistory, {
    config: { permission: ROUTING_PERMISSION },
    schema: { response: { 200: { type: 'object', additionalProperties: true }, ...AUTH } },
    handler: async () => {
      const rows = await routingRuleHistory(db);
      return { results: rows.map((r) => ({ id: r.id, who: r.who, at: amsterdamIso(r.at), before: r.before, after: r.after })) };
    },
  });

  app.post(API_PATHS.routingRulesReroute, {
    config: { permissions: ['sia_read', 'sia_write', ROUTING_PERMISSION] },
    schema: { body: { type: 'object', additionalProperties: false, properties: {} }, response: { 202: jobOut, 409: detailSchema, ...AUTH } },
    handler: async (request, reply) => {
      const job = await startReroute(db, request.staff!.username);
      if (!job) return reply.code(409).send({ detail: REROUTE_RUNNING });
      // this process starts on it at once; another may claim it first (routing/job.ts)
      app.rerouteWorker.kick();
      return reply.code(202).send(jobView(job));
    },
  });

  app.get(API_PATHS.routingRulesReroute, {
    config: { permission: ROUTING_PERMISSION },
    schema: { response: { 200: { type: 'object', properties: { job: { anyOf: [jobOut, { type: 'null' }] } } }, ...AUTH } },
    handler: async () => {
      const job = await latestReroute(db);
      return { job: job ? jobView(job) : null };
    },
  });

  app.post(API_PATHS.signalReroute, {
    config: { permissions: ['sia_read', 'sia_write'] },
    schema: { params: signalIdParams, body: { type: 'object', additionalProperties: false, properties: {} }, response: { 200: { type: 'object', additionalProperties: true }, 400: badRequestSchema, 404: detailSchema, ...AUTH } },
    handler: async (request) => {
      const id = request.params.id;
      await visibleSignal(db, request.staff!, id);
      await rerouteNow(db, app.routingRules, app.linkBase.publicUrl, id, request.staff!.username, new Date());
      const [routing, directing] = await Promise.all([departmentsOf(db, 'signal_routing_department', id), departmentsOf(db, 'signal_directing_department', id)]);
      return { routing_departments: routing, directing_departments: directing };
    },
  });
};
