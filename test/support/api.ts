// A small HTTP client for tests: real requests to the running app, each response checked against the
// OpenAPI document unless `undocumented: true` (used only for deliberately unknown paths).
import { testApp } from './test-app.ts';
import { assertDocumented } from './openapi-validator.ts';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | (string | number)[]>;
  undocumented?: boolean;
  /** another running application than the test run's (default) */
  baseUrl?: string;
}

export async function request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const url = new URL(path, options.baseUrl ?? testApp().baseUrl);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(v));
  }
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('application/json') && text) parsed = JSON.parse(text);
  if (!options.undocumented) assertDocumented(method, url.pathname, res.status, parsed);
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export const api = {
  get: <T = any>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  head: (path: string, options?: RequestOptions) => request('HEAD', path, options),
  post: <T = any>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T = any>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T = any>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T = any>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
