import { expect } from 'chai';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ContentFileError, parseMarkdownPage, readContentFolder } from '../../src/content-import/content-folder.ts';

describe('content folder', () => {
  it('reads a Markdown page: front matter fields, the body as html', () => {
    const page = parseMarkdownPage(
      '---\nslug: hello\nsections:\n  hero:\n    - title: Hi\n---\n## Heading\n\nSome **bold** text.\n',
      'x.md',
    );
    expect(page).to.deep.equal({
      slug: 'hello',
      sections: { hero: [{ title: 'Hi' }] },
      htmlInfo: '<h2>Heading</h2>\n<p>Some <strong>bold</strong> text.</p>',
    });
  });

  it('keeps an htmlInfo given in the front matter, and gives none for an empty body', () => {
    expect(parseMarkdownPage('---\nhtmlInfo: <p>x</p>\n---\nbody\n', 'x.md').htmlInfo).to.equal('<p>x</p>');
    expect(parseMarkdownPage('---\nslug: a\n---\n', 'x.md')).to.deep.equal({ slug: 'a' });
  });

  it('refuses a page without front matter or with broken YAML, naming the file', () => {
    expect(() => parseMarkdownPage('# no front matter', 'news/a.md')).to.throw(ContentFileError, /news\/a\.md/);
    expect(() => parseMarkdownPage('---\na: b: c\n---\n', 'news/b.md')).to.throw(
      ContentFileError,
      /news\/b\.md: front matter is not valid YAML/,
    );
    expect(() => parseMarkdownPage('---\n- a\n---\n', 'c.md')).to.throw(ContentFileError, /mapping/);
  });

  it('reads every JSON and Markdown file of a folder in path order, README files excepted', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'content-'));
    mkdirSync(path.join(dir, 'news'));
    writeFileSync(path.join(dir, 'README.md'), '# not content');
    writeFileSync(path.join(dir, 'b.json'), JSON.stringify({ $comment: 'ignored', tags: [{ slug: 't2' }], topics: [{ code: 'x' }] }));
    writeFileSync(path.join(dir, 'a.json'), JSON.stringify({ tags: [{ slug: 't1' }] }));
    writeFileSync(path.join(dir, 'news', 'one.md'), '---\nslug: one\n---\nText');
    writeFileSync(path.join(dir, 'notes.txt'), 'ignored');
    const bundle = readContentFolder(dir);
    expect(bundle.tags.map((t) => [t.source, t.data.slug])).to.deep.equal([
      ['a.json:tags[0]', 't1'],
      ['b.json:tags[0]', 't2'],
    ]);
    expect(bundle.topics).to.have.length(1);
    expect(bundle.pages).to.deep.equal([{ source: 'news/one.md', data: { slug: 'one', htmlInfo: '<p>Text</p>' } }]);
  });

  it('refuses unknown kinds and malformed JSON, naming the file', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'content-'));
    writeFileSync(path.join(dir, 'x.json'), JSON.stringify({ widgets: [] }));
    expect(() => readContentFolder(dir)).to.throw(ContentFileError, /x\.json: unknown kind widgets/);
    writeFileSync(path.join(dir, 'x.json'), '{"tags": [');
    expect(() => readContentFolder(dir)).to.throw(ContentFileError, /x\.json: not valid JSON/);
    writeFileSync(path.join(dir, 'x.json'), JSON.stringify({ tags: {} }));
    expect(() => readContentFolder(dir)).to.throw(ContentFileError, /tags must be an array/);
  });
});
