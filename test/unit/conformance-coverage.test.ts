// docs/conformance.md maps each rule and table of the interface specification (by id) to the tests of
// test/conformance/ whose titles start with that id in brackets; this keeps the page and the suite in step.
import { expect } from 'chai';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const SUITE = join(ROOT, 'test', 'conformance');
const PAGE = join(ROOT, 'docs', 'conformance.md');

/**
 * Every id of the specification's rules and tables (and of its "not shown" entries): an id dropped from
 * the page together with its tests fails here too.
 */
const SPEC_IDS = [
  'table:customer',
  'table:home-ownership-status',
  'table:application',
  'table:decision',
  'table:appointment',
  'table:available-appointment',
  'table:listing-item',
  'table:price-fields',
  'price-rules.1',
  'price-rules.2',
  'price-rules.3',
  'price-rules.4',
  'price-rules.5',
  'price-rules.6',
  'table:listing-details',
  'table:property-details',
  'table:search-envelope',
  'table:map-payloads',
  'table:pagination',
  'table:facet',
  'lookup-list-items',
  'table:local-authority',
  'table:area-page',
  'table:content-list-item',
  'table:content-sub-objects',
  'table:content-page',
  'table:topic',
  'content-concepts.family',
  'table:application-states',
  'table:appointment-states',
  'state:magic-link',
  'state:other',
  'table:sign-up-sign-in',
  'table:profile',
  'table:profile-update-payload',
  'table:favourites',
  'table:applications',
  'table:appointments',
  'table:register-interest-endpoints',
  'register-interest.field-values',
  'table:register-interest-body',
  'register-interest.1',
  'register-interest.2',
  'register-interest.3',
  'register-interest.4',
  'register-interest.5',
  'table:search-endpoints',
  'table:search-query-parameters',
  'search-behaviour.1',
  'search-behaviour.2',
  'search-behaviour.3',
  'search-behaviour.4',
  'search-behaviour.5',
  'search-behaviour.6',
  'search-behaviour.7',
  'table:area-pages',
  'table:generic-content',
  'table:lookup-lists',
  'sync-interfaces',
  'sync-envelope.1',
  'sync-envelope.2',
  'sync-envelope.3',
  'sync-envelope.4',
  'authentication.1',
  'authentication.2',
  'authentication.3',
  'authentication.4',
  'authentication.5',
  'authentication.6',
  'authentication.7',
  'events',
  'table:errors',
  'errors.1',
  'errors.2',
  'errors.3',
  'errors.4',
  'errors.5',
  'errors.6',
  'errors.7',
  'errors.8',
  'errors.9',
  'errors.10',
  'limits.password-length',
  'limits.page-size',
  'limits.page-number',
  'limits.featured-per-page',
  'limits.short-description',
  'limits.rooms',
  'limits.ratings',
  'limits.size-defaults',
  'limits.image-widths',
  'limits.magic-link',
  'limits.radius',
  'versioning.1',
  'versioning.2',
  'versioning.3',
  'extras-10.unknown-is-not-zero',
  'not-shown:customer-local-authority',
  'not-shown:listing-local-authority',
  'not-shown:lookup-local-authorities',
  'not-shown:response-bodies',
  'not-shown:eligibility-transitions',
  'not-shown:customer-disabled',
  'not-shown:availability-transitions',
  'not-shown:sync-payloads',
  'not-shown:authentication.8',
  'not-shown:authentication.9',
  'not-shown:events',
  'not-shown:errors.8',
  'not-shown:errors.9',
  'not-shown:errors.10',
  'not-shown:limits',
  'not-shown:versioning.4',
  'not-shown:versioning.5',
  'not-shown:content-comments',
];

interface Row {
  id: string;
  file: string;
  title: string;
}

/** `| \`id\` | rule | file | title |` rows of the mapping; "not shown" rows have no file column */
function mappedRows(markdown: string): { rows: Row[]; notShown: string[] } {
  const rows: Row[] = [];
  const notShown: string[] = [];
  for (const line of markdown.split('\n')) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const id = /^`([^`]+)`$/.exec(cells[0] ?? '')?.[1];
    if (!id) continue;
    if (id.startsWith('not-shown:')) notShown.push(id);
    else rows.push({ id, file: cells[2] ?? '', title: (cells[3] ?? '').replaceAll('&#124;', '|') });
  }
  return { rows, notShown };
}

/** the titles of a test file's tests, with `${x}` of generated titles written `{x}` as the page writes them */
function testTitles(source: string): string[] {
  const titles: string[] = [];
  for (const m of source.matchAll(/\bit\(\s*(['"`])((?:\\.|(?!\1).)*)\1\s*,/g)) {
    const raw = m[2]!;
    titles.push(m[1] === '`' ? raw.replace(/\$\{/g, '{') : raw.replace(/\\(['"])/g, '$1'));
  }
  return titles;
}

const idOf = (title: string) => /^\[([^\]]+)\]/.exec(title)?.[1];

describe('conformance suite and docs/conformance.md', () => {
  const { rows, notShown } = mappedRows(readFileSync(PAGE, 'utf8'));
  const files = readdirSync(SUITE).filter((f) => f.endsWith('.test.ts'));
  const titlesByFile = new Map(files.map((f) => [f, testTitles(readFileSync(join(SUITE, f), 'utf8'))]));
  const testIds = new Set(
    [...titlesByFile.values()]
      .flat()
      .map(idOf)
      .filter((id): id is string => !!id),
  );

  it('lists rules and tests (the page is read)', () => {
    expect(rows.length).to.be.greaterThan(50);
    expect(files.length).to.be.greaterThan(3);
  });

  it('names, for every id listed, a test file of the suite that holds a test with that title, starting with the id', () => {
    const wrong: string[] = [];
    for (const row of rows) {
      const titles = titlesByFile.get(row.file);
      if (!titles) wrong.push(`${row.id}: no test file ${row.file} in test/conformance`);
      else if (!row.title.startsWith(`[${row.id}] `)) wrong.push(`${row.id}: the title "${row.title}" does not start with [${row.id}]`);
      else if (!titles.includes(row.title)) wrong.push(`${row.id}: no test "${row.title}" in ${row.file}`);
    }
    expect(wrong, wrong.join('\n')).to.deep.equal([]);
  });

  it('lists every test of the suite under the id its title starts with, and every test carries an id', () => {
    const listed = new Set(rows.map((r) => `${r.file}\n${r.title}`));
    const unlisted: string[] = [];
    for (const [file, titles] of titlesByFile) {
      for (const title of titles) {
        if (!idOf(title)) unlisted.push(`${file}: "${title}" carries no [id]`);
        else if (!listed.has(`${file}\n${title}`)) unlisted.push(`${file}: "${title}" is not in docs/conformance.md`);
      }
    }
    expect(unlisted, unlisted.join('\n')).to.deep.equal([]);
  });

  it('has at least one test for every id listed, and no test for a "not shown" entry', () => {
    const untested = [...new Set(rows.map((r) => r.id))].filter((id) => !testIds.has(id));
    expect(untested, `ids without a test: ${untested.join(', ')}`).to.deep.equal([]);
    const both = notShown.filter((id) => testIds.has(id) || rows.some((r) => r.id === id));
    expect(both).to.deep.equal([]);
  });

  it('lists exactly the ids of the specification, each once per rule', () => {
    const listed = [...new Set([...rows.map((r) => r.id), ...notShown])];
    expect([...listed].sort()).to.deep.equal([...SPEC_IDS].sort());
  });

  it('reads the page and titles as they are written (the check itself can fail)', () => {
    const page = '| `a.1` | rule | x.test.ts | [a.1] one |\n| `not-shown:b` | spec | service |';
    expect(mappedRows(page)).to.deep.equal({ rows: [{ id: 'a.1', file: 'x.test.ts', title: '[a.1] one' }], notShown: ['not-shown:b'] });
    expect(testTitles("it('[a.1] it\\'s one', async () => {});\nit(`[b.2] ${field} two`, () => {});")).to.deep.equal([
      "[a.1] it's one",
      '[b.2] {field} two',
    ]);
  });
});
