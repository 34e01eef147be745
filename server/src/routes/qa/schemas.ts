import { SESSION_FAILURE } from '../../followup/http.ts';
/**
 * Request and per-status response schemas of the QA calls (docs/reference/api.md#questionnaires), the
 * verify-email call (docs/reference/api.md#verify-email) and the satisfaction survey. The routes keep their own
 * Dutch/DRF messages for a body that does not fit (`attachValidation`), so these
 * schemas describe the wire format; every object allows more keys than it lists,
 * so nothing a flow adds is dropped on the way out.
 */
import { badRequestSchema } from '../../http/hal.ts';

const open = { type: 'object', additionalProperties: true } as const;
const nullable = (type: string) => ({ type: [type, 'null'] }) as const;
/** A resource of these calls: its links and display text, then its own fields; open for more keys (see above). */
const resource = <const P extends Record<string, object>>(properties: P) =>
  ({ type: 'object', additionalProperties: true, properties: { _links: open, _display: { type: 'string' }, ...properties } }) as const;
/**
 * `{"detail": "…"}`. Open and without `required`, so a refusal Fastify itself sends
 * (e.g. an unsupported media type in an app without our error handler) still
 * serializes as it is instead of failing the serializer.
 */
const detailSchema = { type: 'object', properties: { detail: { type: 'string' } }, additionalProperties: true } as const;

export const uuidParams = { type: 'object', properties: { uuid: { type: 'string' } }, required: ['uuid'] } as const;
export const keyParams = { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] } as const;

export const questionSchema = resource({
  key: nullable('string'),
  retrieval_key: nullable('string'),
  analysis_key: nullable('string'),
  uuid: { type: 'string' },
  label: { type: 'string' },
  short_label: nullable('string'),
  field_type: { type: 'string' },
  next_rules: {},
  required: { type: 'boolean' },
  multiple_answers_allowed: { type: 'boolean' },
});

export const questionnaireSchema = resource({
  uuid: { type: 'string' },
  name: nullable('string'),
  description: nullable('string'),
  explanation: { anyOf: [{ type: 'null' }, open] },
  is_active: { type: 'boolean' },
  first_question: { anyOf: [{ type: 'null' }, questionSchema] },
  flow: { type: 'string' },
});

export const sessionSchema = resource({
  uuid: { type: 'string' },
  started_at: nullable('string'),
  submit_before: nullable('string'),
  duration: nullable('string'),
  created_at: { type: 'string' },
  questionnaire_explanation: { anyOf: [{ type: 'null' }, open] },
  signal_snapshot: { anyOf: [{ type: 'null' }, open] },
  can_freeze: { type: 'boolean' },
  path_questions: { type: 'array', items: questionSchema },
  path_answered_question_uuids: { type: 'array', items: { type: 'string' } },
  path_unanswered_question_uuids: { type: 'array', items: { type: 'string' } },
  path_validation_errors_by_uuid: open,
});

/** The refusals every session call shares: a malformed uuid (400 list), unknown (404), frozen or expired (410). */
const sessionErrors = { 400: badRequestSchema, 404: detailSchema, 410: detailSchema } as const;

export const answersBodySchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: { question_uuid: { type: 'string' }, payload: {} },
    required: ['question_uuid', 'payload'],
  },
} as const;

export const QA_SCHEMAS = {
  questionnaire: { params: uuidParams, response: { 200: questionnaireSchema, 400: badRequestSchema, 404: detailSchema } },
  createSession: { params: uuidParams, response: { 201: sessionSchema, 400: badRequestSchema, 404: detailSchema } },
  session: { params: uuidParams, response: { 200: sessionSchema, ...sessionErrors } },
  answers: { params: uuidParams, body: answersBodySchema, response: { 200: sessionSchema, ...sessionErrors } },
  /** Multipart (question_uuid, file…): read part by part in the handler, so no body schema. */
  attachments: { params: uuidParams, response: { 201: sessionSchema, 415: detailSchema, ...sessionErrors } },
  submit: { params: uuidParams, response: { 200: sessionSchema, ...sessionErrors } },
  question: { params: keyParams, response: { 200: questionSchema, 400: badRequestSchema, 404: detailSchema } },
  answer: {
    params: keyParams,
    body: { type: 'object', properties: { payload: {}, session: nullable('string') }, required: ['payload'] },
    response: {
      201: {
        type: 'object',
        additionalProperties: true,
        properties: {
          _display: { type: 'string' },
          payload: {},
          session: { type: 'string' },
          created_at: { type: 'string' },
          next_question: { anyOf: [{ type: 'null' }, questionSchema] },
        },
      },
      ...sessionErrors,
    },
  },
  methodNotAllowed: { params: uuidParams, response: { 405: detailSchema } },
} as const;

export const VERIFY_EMAIL_SCHEMA = {
  body: { type: 'object', properties: { token: { type: 'string', minLength: 1 } }, required: ['token'] },
  response: {
    200: { type: 'object', properties: { token: { type: 'string' } }, required: ['token'] },
    400: { type: 'object', properties: { token: { type: 'array', items: { type: 'string' } } }, additionalProperties: true },
    415: detailSchema,
  },
} as const;

export const FEEDBACK_SCHEMAS = {
  standardAnswers: {
    response: {
      200: {
        type: 'object',
        properties: {
          _links: open,
          count: { type: 'integer' },
          results: { type: 'array', items: open },
        },
      },
    },
  },
  form: { params: uuidParams, response: { 200: open, 400: badRequestSchema, 404: detailSchema, 410: detailSchema } },
  submit: {
    params: uuidParams,
    body: {
      type: 'object',
      properties: {
        satisfaction: { type: 'string' },
        text_list: { type: ['array', 'null'], items: { type: 'string' } },
        text_extra: nullable('string'),
        allows_contact: { type: 'boolean' },
      },
    },
    response: { 200: open, 400: badRequestSchema, 404: detailSchema, 410: detailSchema },
  },
} as const;

/** Route config of every /sessions/{uuid}… call: a 500 there carries the contract's detail (docs/reference/api.md#questionnaires 'Access errors'). */
export const SESSION_ROUTE = { serverErrorDetail: SESSION_FAILURE } as const;
