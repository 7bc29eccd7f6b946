/**
 * Form bodies (application/x-www-form-urlencoded) and query strings as plain maps, read with bounds:
 * outside input is hostile, so every value is cut to a stated length and checked against what it may be.
 */
import { badRequest } from '../../core/errors.js';

export type Fields = Record<string, string | string[] | undefined>;

/** Parses a form body; repeated names (checkboxes) become arrays. At most 1,000 fields. */
export function parseForm(body: string): Fields {
  const fields: Fields = {};
  let count = 0;
  for (const [name, value] of new URLSearchParams(body)) {
    if (++count > 1000) throw badRequest('too many form fields');
    const existing = fields[name];
    if (existing === undefined) fields[name] = value;
    else fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return fields;
}

/** One text field, trimmed; '' when absent. Longer than `max` is a 400 naming the field. */
export function text(fields: Fields, name: string, max = 200): string {
  const raw = fields[name];
  const first: unknown = Array.isArray(raw) ? raw[0] : raw;
  // Bodies of another type (JSON) can hold anything: only strings are form values.
  if (first !== undefined && typeof first !== 'string') throw badRequest(`${name}: must be a form field`);
  const value = first?.trim() ?? '';
  if (value.length > max) throw badRequest(`${name}: at most ${max} characters`);
  return value;
}

export function list(fields: Fields, name: string, maxItems = 500, maxLength = 128): string[] {
  const raw = fields[name];
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  if (!values.every((v): v is string => typeof v === 'string')) throw badRequest(`${name}: must be form fields`);
  if (values.length > maxItems) throw badRequest(`${name}: at most ${maxItems} values`);
  for (const v of values) if (v.length > maxLength) throw badRequest(`${name}: a value is longer than ${maxLength} characters`);
  return values;
}

export function oneOf<T extends string>(fields: Fields, name: string, allowed: readonly T[]): T | undefined {
  const value = text(fields, name, 64);
  if (value === '') return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw badRequest(`${name}: must be one of ${allowed.join(', ')}`);
  return value as T;
}

export function whole(fields: Fields, name: string, min: number, max: number, fallback: number): number {
  const value = text(fields, name, 16);
  if (value === '') return fallback;
  if (!/^[0-9]+$/.test(value) || Number(value) < min || Number(value) > max) throw badRequest(`${name}: must be a whole number from ${min} to ${max}`);
  return Number(value);
}

/** `YYYY-MM-DD` or undefined. */
export function date(fields: Fields, name: string): string | undefined {
  const value = text(fields, name, 10);
  if (value === '') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) throw badRequest(`${name}: must be a date (YYYY-MM-DD)`);
  return value;
}

/** An id as the API shapes them (`qm_…`, `an_…`); anything else is a 400. */
export function id(fields: Fields, name: string): string {
  const value = text(fields, name, 128);
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(value)) throw badRequest(`${name}: not a valid identifier`);
  return value;
}
