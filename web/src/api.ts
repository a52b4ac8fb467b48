// The portal's one way to the service: the public API under /api/rest/portal, typed by the OpenAPI
// document (api-types.ts is generated from it). A signed-in customer's bearer token goes with every
// request; an access token that has expired is renewed once with the refresh token.
import type { components } from './api-types.ts';
import { session } from './session.ts';
import { messageSentence, problemSentences } from './messages.ts';

export type Schemas = components['schemas'];
export type ListingItem = Schemas['ListingItem'];
export type ListingDetails = Schemas['ListingDetails'];
export type PropertyDetails = Schemas['PropertyDetails'];
export type SearchEnvelope = Schemas['SearchEnvelope'];
export type Facet = Schemas['Facet'];
export type MapListing = Schemas['MapListing'];
export type Customer = Schemas['Customer'];
export type Application = Schemas['Application'];
export type Appointment = Schemas['Appointment'];
export type AvailableAppointment = Schemas['AvailableAppointment'];
export type PlaceSuggestion = Schemas['PlaceSuggestion'];

export const P = '/api/rest/portal';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** a 422's messages per parameter */
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

/** query values: arrays go as repeated `name[]` when the name ends with [] */
export type Query = Record<string, string | number | boolean | undefined | null | readonly (string | number)[]>;

export function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(name, String(v));
    else params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

interface Options {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  query?: Query;
  body?: unknown;
  /** send no bearer token even when signed in */
  anonymous?: boolean;
  signal?: AbortSignal;
}

async function send(path: string, options: Options, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`${path}${queryString(options.query ?? {})}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

export async function api<T>(path: string, options: Options = {}): Promise<T> {
  const token = options.anonymous ? undefined : await session.accessToken();
  let res = await send(path, options, token);
  if (res.status === 401 && token) {
    // the token expired or was revoked: renew once, else the customer is signed out
    const renewed = await session.renew();
    res = await send(path, options, renewed);
    if (res.status === 401) session.clear();
  }
  if (res.status === 204 || options.method === 'HEAD') {
    if (!res.ok) throw new ApiError(res.status, res.statusText);
    return undefined as T;
  }
  const text = await res.text();
  const body = text ? (JSON.parse(text) as unknown) : undefined;
  if (!res.ok) {
    const problem = (body ?? {}) as { message?: string; errors?: Record<string, string[]> };
    throw new ApiError(res.status, problem.message ?? `Request failed (${res.status})`, problem.errors);
  }
  return body as T;
}

/** the problems of a failed request in people's words (messages.ts), one line each: a 422's a line per field */
export function problemLines(err: unknown): string[] {
  if (err instanceof ApiError) {
    const fields = problemSentences(err.errors);
    return fields.length ? fields : [messageSentence(err.message)];
  }
  return [err instanceof Error ? err.message : String(err)];
}
