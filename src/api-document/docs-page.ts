// /docs: Swagger UI (the swagger-ui-dist package, served from node_modules: no CDN) rendering
// /openapi.json, with "Try it out" against this service. The page's scripts and styles are files of
// this origin only, so its Content-Security-Policy allows 'self' and nothing else, but for the data:
// images (SVG icons) that Swagger UI's own stylesheet holds.
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

export const DOCS_ASSET_PREFIX = '/docs/assets/';

/** The files of swagger-ui-dist the page loads, with their content types. */
const SWAGGER_UI_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

// The servers of the document are '/', so "Try it out" calls this origin (connect-src 'self').
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Home-seeker portal API</title>
<link rel="icon" type="image/png" href="${DOCS_ASSET_PREFIX}favicon-32x32.png">
<link rel="stylesheet" href="${DOCS_ASSET_PREFIX}swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${DOCS_ASSET_PREFIX}swagger-ui-bundle.js"></script>
<script src="${DOCS_ASSET_PREFIX}docs-init.js"></script>
</body>
</html>
`;

export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface DocsAsset {
  type: string;
  body: string | NodeJS.ReadableStream;
}

export function docsPage(): string {
  return PAGE;
}

/** One of the page's files by name, or null. */
export function docsAsset(name: string): DocsAsset | null {
  if (name === 'docs-init.js') return { type: 'text/javascript; charset=utf-8', body: INIT_SCRIPT };
  const type = Object.hasOwn(SWAGGER_UI_FILES, name) ? SWAGGER_UI_FILES[name] : undefined;
  return type ? { type, body: createReadStream(join(SWAGGER_UI_DIR, name)) } : null;
}
