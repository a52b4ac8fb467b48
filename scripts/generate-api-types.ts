// Generates web/src/api-types.ts, the portal's types of the API, from the OpenAPI document as the code
// builds it (src/api-document/document.ts): no running service, and never written by hand. Run by
// scripts/build-web.ts before it type-checks and bundles the portal; the file is git-ignored.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { buildOpenApiDocument } from '../src/api-document/document.ts';
import { PROJECT_ROOT } from '../src/core/project-root.ts';

export const API_TYPES_FILE = path.join(PROJECT_ROOT, 'web/src/api-types.ts');

export async function generateApiTypes(): Promise<boolean> {
  const document = buildOpenApiDocument();
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)) as Parameters<typeof openapiTS>[0], {
    alphabetize: true,
    // any JSON value: a recursive alias TypeScript cannot write as an object member, so `unknown`
    transform: (_schema, metadata) =>
      metadata.path?.endsWith('/components/schemas/JsonValue') ? ts.factory.createKeywordTypeNode(ts.SyntaxKind.UnknownKeyword) : undefined,
  });
  const text = `// Generated from the OpenAPI document by scripts/generate-api-types.ts: do not edit.\n${astToString(ast)}`;
  let before = '';
  try {
    before = readFileSync(API_TYPES_FILE, 'utf8');
  } catch {
    // not generated yet
  }
  if (before === text) return false;
  mkdirSync(path.dirname(API_TYPES_FILE), { recursive: true });
  writeFileSync(API_TYPES_FILE, text);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const changed = await generateApiTypes();
  console.log(`${path.relative(process.cwd(), API_TYPES_FILE)} ${changed ? 'written' : 'unchanged'}`);
}
