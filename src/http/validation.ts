import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { requiredSentence } from '../core/field-list.js';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

function makeAjv(coerceTypes: boolean): Ajv {
  // strict:false because TypeBox schemas carry extra keywords; removeAdditional:false so unknown
  // fields are refused with their name instead of being dropped silently. allErrors stays off (a hostile
  // body must not buy one error per array item); verbose hands the failing keyword's schema and data to
  // the message, so a missing-fields error can name every missing field, not the first (docs/api.md).
  const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: false, strict: false, verbose: true });
  addFormats(ajv);
  return ajv;
}

/**
 * JSON bodies are validated as sent (a number where a string belongs is a 400, docs/api.md); query
 * strings and path parameters arrive as text, so numbers and booleans are coerced there.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const strict = makeAjv(false);
  const coercing = makeAjv(true);
  return ({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema as object);
}

const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/**
 * Every required property the object lacks, in the schema's order. Ajv stops at the first one (allErrors is
 * off); the schema's list is short and fixed, so this is linear in it. Falls back to the one Ajv named.
 */
function missingProperties(error: ErrorObject): string[] {
  const first = String(error.params.missingProperty);
  const required = error.schema;
  const data = error.data;
  if (!Array.isArray(required) || typeof data !== 'object' || data === null) return [first];
  const missing = required.filter((name): name is string => typeof name === 'string' && (data as Record<string, unknown>)[name] === undefined);
  return missing.includes(first) ? missing : [first];
}

/** One readable sentence naming the field: `limit: must be <= 200`, `unknown field "colour"`. */
export function describeValidationError(errors: ErrorObject[], context: string | undefined): string {
  const error = errors[0];
  if (!error) return 'Invalid request';
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const where = (name: string): string => (path ? `${path}.${name}` : name);
  switch (error.keyword) {
    case 'required':
      return requiredSentence(missingProperties(error).map(where));
    case 'additionalProperties':
      return `unknown field "${where(String(error.params.additionalProperty))}" in ${PART_NAMES[context ?? ''] ?? 'request'}`;
    case 'enum':
      return `${path || 'value'}: must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
    case 'format':
      return `${path || 'value'}: must be a valid ${error.params.format === 'date' ? 'date (YYYY-MM-DD)' : error.params.format === 'date-time' ? 'ISO 8601 date-time' : String(error.params.format)}`;
    default:
      return `${path || PART_NAMES[context ?? ''] || 'request'}: ${error.message ?? 'is invalid'}`;
  }
}
