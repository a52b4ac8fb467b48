// The contract check gives fewer examples to the read-only operations the conformance suite already
// checks (scripts/contract/conformance-reads.txt): the list may name only operations of the document that
// read (GET), so that no write is ever tried less, and no name that matches nothing.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument } from '../../src/api-document/document.ts';

const LIST = join(import.meta.dirname, '..', '..', 'scripts', 'contract', 'conformance-reads.txt');

describe('the contract check: the reads it tries less', () => {
  const named = readFileSync(LIST, 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'));
  const methods = new Map<string, string>();
  for (const item of Object.values(buildOpenApiDocument().paths as Record<string, Record<string, { operationId?: string }>>))
    for (const [method, operation] of Object.entries(item)) if (operation.operationId) methods.set(operation.operationId, method);

  it('names each operation once, and each one a GET of the document', () => {
    expect(named.length).to.be.above(0);
    expect(new Set(named).size, 'no name twice').to.equal(named.length);
    expect(named.filter((id) => methods.get(id) !== 'get')).to.deep.equal([]);
  });
});
