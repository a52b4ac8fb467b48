import { expect } from 'chai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { testApp } from '../support/test-app.ts';
import { buildOpenApiDocument } from '../../src/api-document/document.ts';

const toTemplate = (koaPath: string) => koaPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument();
  const paths = document.paths as Record<string, Record<string, unknown>>;

  it('documents every registered route', () => {
    const missing = testApp()
      .built.routes.filter((r) => !paths[toTemplate(r.path)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.path}`);
    expect(missing).to.deep.equal([]);
  });

  it('documents no route the service does not serve', () => {
    const served = new Set(testApp().built.routes.map((r) => `${r.method.toLowerCase()} ${toTemplate(r.path)}`));
    const extra = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => !served.has(`${method} ${path}`))
        .map((method) => `${method} ${path}`),
    );
    expect(extra).to.deep.equal([]);
  });

  it('gives every operation a unique operationId and at least one response', () => {
    const ids = Object.values(paths).flatMap((item) => Object.values(item).map((op) => (op as { operationId: string }).operationId));
    expect(new Set(ids).size).to.equal(ids.length);
    for (const item of Object.values(paths)) for (const op of Object.values(item)) expect(Object.keys((op as { responses: object }).responses)).to.not.be.empty;
  });

  it('promises a message in every decision but a passed one', () => {
    const decision = (document.components as { schemas: Record<string, object> }).schemas.Decision!;
    const valid = new Ajv2020({ strict: false }).compile(decision);
    for (const status of ['considered', 'incomplete', 'failed']) {
      expect(valid({ status, messages: [], successfulProperties: [] }), status).to.equal(false);
      expect(valid({ status, messages: ['Your date of birth is needed.'], successfulProperties: [] }), status).to.equal(true);
    }
    expect(valid({ status: 'passed', messages: [], successfulProperties: [] })).to.equal(true);
  });
});
