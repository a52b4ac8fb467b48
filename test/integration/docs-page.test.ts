// /docs over HTTP: the Swagger UI page with its Content-Security-Policy, and only the viewer's own files
// under /docs/assets/ (the browser tests check that the page works).
import { expect } from 'chai';
import { request } from '../support/api.ts';

describe('/docs page and its files', () => {
  it('serves the page with a CSP that allows this origin only', async () => {
    const page = await request('GET', '/docs', { undocumented: true });
    expect(page.status).to.equal(200);
    expect(page.text)
      .to.include('/docs/assets/swagger-ui-bundle.js')
      .and.not.match(/<script>|https?:\/\//);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).to.include("default-src 'none'").and.include("script-src 'self'").and.include("connect-src 'self'");
    expect(csp).to.not.match(/unsafe-|https?:/);
  });

  it("serves Swagger UI's files from its package and the page's start script", async () => {
    const css = await request('GET', '/docs/assets/swagger-ui.css', { undocumented: true });
    expect(css.status).to.equal(200);
    expect(css.headers.get('content-type')).to.match(/^text\/css/);
    expect(css.text).to.include('.swagger-ui');
    const init = await request('GET', '/docs/assets/docs-init.js', { undocumented: true });
    expect(init.headers.get('content-type')).to.match(/^text\/javascript/);
    expect(init.text).to.include("url: '/openapi.json'");
  });

  for (const name of ['index.html', 'package.json', '..%2Fpackage.json', 'swagger-ui-bundle.js.map']) {
    it(`is 404 for other files (${name})`, async () => {
      expect((await request('GET', `/docs/assets/${name}`, { undocumented: true })).status).to.equal(404);
    });
  }
});
