import { expect } from 'chai';
import * as yup from 'yup';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { defineRoutes, documentPath, route } from '../../src/core/route-table.ts';
import type { RequestState } from '../../src/core/http-context.ts';

const query = yup.object({ size: yup.number().integer().min(1).max(10).default(3) });
const body = yup.object({ name: yup.string().required() });

const table = defineRoutes<{ greeting: string }>([
  route({
    method: 'post',
    path: '/widgets/upload',
    tags: ['Widgets'],
    operationId: 'uploadWidget',
    summary: 'Upload',
    body,
    responses: { 201: { description: 'Created' } },
    handler(ctx, input, { greeting }) {
      ctx.status = 201;
      ctx.body = { greeting, name: input.body().name };
    },
  }),
  route({
    method: 'get',
    path: '/widgets/:id',
    tags: ['Widgets'],
    operationId: 'getWidget',
    summary: 'A widget',
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    query,
    headers: [{ name: 'Portal-Id', in: 'header', schema: { type: 'integer' } }],
    responses: { 200: { description: 'The widget' } },
    handler(ctx, input) {
      ctx.body = { id: ctx.params.id, size: input.query().size };
    },
  }),
]);

describe('route tables (core/route-table.ts)', () => {
  it('writes a path as the document does', () => {
    expect(documentPath('/a/:id/b/:slug/calendar.ics')).to.equal('/a/{id}/b/{slug}/calendar.ics');
  });

  it('gives each route one operation: path parameters, the query, then headers; the body from its schema', () => {
    const paths = table.paths();
    expect(Object.keys(paths)).to.deep.equal(['/widgets/upload', '/widgets/{id}']);
    const get = paths['/widgets/{id}']!.get as { operationId: string; parameters: { name: string; in: string }[] };
    expect(get.operationId).to.equal('getWidget');
    expect(get.parameters.map((p) => `${p.in}:${p.name}`)).to.deep.equal(['path:id', 'query:size', 'header:Portal-Id']);
    const post = paths['/widgets/upload']!.post as { requestBody: { required: boolean; content: Record<string, { schema: { required: string[] } }> } };
    expect(post.requestBody.required).to.equal(true);
    expect(post.requestBody.content['application/json']!.schema.required).to.deep.equal(['name']);
  });

  it('serves the routes with the validated input and keeps a parameter off a fixed path of the table', async () => {
    const app = new Koa<RequestState>();
    app.use(async (ctx, next) => {
      try {
        await next();
      } catch (err) {
        ctx.status = (err as { status?: number }).status ?? 500;
        ctx.body = { message: (err as Error).message };
      }
    });
    app.use(async (ctx, next) => {
      (ctx.request as { body?: unknown }).body = ctx.method === 'POST' ? { name: 'Ada', extra: 1 } : undefined;
      await next();
    });
    const mounted = table.router({ greeting: 'hello' });
    app.use(mounted.routes());
    app.use(mounted.allowedMethods());
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/widgets/7?size=5`)).json()).to.deep.equal({ id: '7', size: 5 });
      expect((await fetch(`${base}/widgets/7?size=50`)).status).to.equal(422);
      const posted = await fetch(`${base}/widgets/upload`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(posted.status).to.equal(201);
      expect(await posted.json()).to.deep.equal({ greeting: 'hello', name: 'Ada' });
      // `/widgets/:id` would match `/widgets/upload`: the table keeps it off, so GET there is 405, Allow POST
      const wrong = await fetch(`${base}/widgets/upload`);
      expect(wrong.status).to.equal(405);
      expect(wrong.headers.get('allow')).to.equal('POST');
      expect(mounted.served()).to.deep.equal([
        { method: 'POST', path: '/widgets/upload' },
        { method: 'GET', path: '/widgets/:id' },
      ]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('a route table with what every route shares', () => {
  const shared = defineRoutes<object>(
    [
      route({ method: 'get', path: '/keys/a', tags: ['Keys'], operationId: 'a', summary: 'A', responses: { 200: { description: 'A' } }, handler() {} }),
      route({
        method: 'get',
        path: '/keys/b',
        tags: ['Keys'],
        operationId: 'b',
        summary: 'B',
        doc: { security: [{ other: [] }] },
        responses: { 200: { description: 'B' }, 401: { description: 'its own' } },
        handler() {},
      }),
    ],
    { doc: { security: [{ apiKey: [] }] }, responses: { 401: { description: 'shared' } } },
  );

  it("adds the shared security and responses to each operation, a route's own winning", () => {
    const paths = shared.paths();
    expect(paths['/keys/a']!.get).to.deep.include({ security: [{ apiKey: [] }], responses: { 401: { description: 'shared' }, 200: { description: 'A' } } });
    expect(paths['/keys/b']!.get).to.deep.include({ security: [{ other: [] }], responses: { 401: { description: 'its own' }, 200: { description: 'B' } } });
  });
});
