import Router from '@koa/router';
import type { RequestState } from '../core/http-context.ts';
import { buildOpenApiDocument } from './document.ts';

// A self-contained page: the document rendered as a readable list of operations, no CDN needed.
const DOCS_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Home-seeker portal API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#222}
h2{margin-top:2rem;border-bottom:1px solid #ddd}code{background:#f4f4f4;padding:0 .3em}.m{display:inline-block;width:4.5em;font-weight:bold}
.op{margin:.2rem 0}.r{color:#666;font-size:13px}</style></head><body><h1>Home-seeker portal API</h1>
<p>Machine-readable document: <a href="/openapi.json"><code>/openapi.json</code></a> (OpenAPI 3.1).</p><div id="ops">Loading…</div>
<script>fetch('/openapi.json').then(r=>r.json()).then(doc=>{const byTag={};
for(const [p,item] of Object.entries(doc.paths))for(const [m,op] of Object.entries(item)){const t=(op.tags||['Other'])[0];(byTag[t]??=[]).push([m,p,op]);}
const esc=s=>String(s).replace(/[&<>]/g,c=>({'&':'&amp;','<':'&lt;','>':'&gt;'}[c]));
document.getElementById('ops').innerHTML='<p>'+esc(doc.info.description)+'</p>'+Object.entries(byTag).map(([t,ops])=>'<h2>'+esc(t)+'</h2>'+ops.map(([m,p,op])=>
'<div class="op"><span class="m">'+m.toUpperCase()+'</span><code>'+esc(p)+'</code> '+esc(op.summary||'')+' <span class="r">'+Object.keys(op.responses).join(' ')+'</span></div>').join('')).join('');});
</script></body></html>`;

export function openapiRoutes(): Router<RequestState> {
  const router = new Router<RequestState>();
  const document = buildOpenApiDocument();
  router.get('/openapi.json', (ctx) => {
    ctx.body = document;
  });
  router.get('/docs', (ctx) => {
    ctx.type = 'html';
    ctx.body = DOCS_PAGE;
  });
  return router;
}
