// Checks every response a test receives against the OpenAPI document: the route, the status and the body.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { buildOpenApiDocument } from '../../src/api-document/document.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }> };

const document = buildOpenApiDocument();
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema({ $id: 'openapi', components: document.components }, 'openapi');

const templates = Object.keys(document.paths).map((template) => ({
  template,
  regex: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

export function findTemplate(path: string): string | undefined {
  const exact = templates.find((t) => t.template === path);
  if (exact) return exact.template;
  return templates.find((t) => t.regex.test(path))?.template;
}

const compiled = new Map<string, ReturnType<Ajv2020['compile']>>();

function rewriteRefs(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/'));
}

/** Throws when the response is not what the document promises. */
export function assertDocumented(method: string, path: string, status: number, body: unknown): void {
  const template = findTemplate(path);
  if (!template) throw new Error(`${method} ${path}: path not in the OpenAPI document`);
  const op = (document.paths as Record<string, Record<string, Operation>>)[template]![method.toLowerCase()];
  if (!op) throw new Error(`${method} ${template}: method not in the OpenAPI document`);
  const response = op.responses[String(status)];
  if (!response) throw new Error(`${method} ${template}: status ${status} not in the OpenAPI document`);
  const schema = response.content?.['application/json']?.schema;
  if (!schema || method === 'HEAD') return;
  const key = `${method} ${template} ${status}`;
  let validateFn = compiled.get(key);
  if (!validateFn) {
    validateFn = ajv.compile(rewriteRefs(schema) as object);
    compiled.set(key, validateFn);
  }
  if (!validateFn(body)) {
    throw new Error(`${key}: body does not match the document: ${ajv.errorsText(validateFn.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
  }
}
