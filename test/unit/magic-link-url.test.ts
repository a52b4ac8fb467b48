import { expect } from 'chai';
import { buildMagicLink, isHttpUrl, linkOriginAllowed, parseOrigins } from '../../src/auth/magic-link-url.ts';
import { hashToken, looksLikeSecretToken, newSecretToken } from '../../src/auth/secret-tokens.ts';
import { SignInLinkMail } from '../../src/auth/sign-in-link-mail.ts';
import { LinkOriginPolicy } from '../../src/auth/link-origins.ts';

describe('magic links', () => {
  it('append the customer id and the token as the last two path segments', () => {
    expect(buildMagicLink('https://portal.example.org/sign-in', 12, 'tok')).to.equal('https://portal.example.org/sign-in/12/tok');
    expect(buildMagicLink('https://portal.example.org/sign-in/', 12, 'tok')).to.equal('https://portal.example.org/sign-in/12/tok');
    expect(buildMagicLink('https://portal.example.org', 3, 'tok')).to.equal('https://portal.example.org/3/tok');
    expect(buildMagicLink('https://portal.example.org/a?next=%2Fx#top', 3, 'tok')).to.equal(
      'https://portal.example.org/a/3/tok?next=%2Fx#top',
    );
  });

  it('accept only absolute http(s) URLs, and only the allowed origins (none allowed: none)', () => {
    expect(isHttpUrl('https://a.example')).to.equal(true);
    for (const bad of ['/relative', 'ftp://a.example', 'javascript:alert(1)', 'not a url']) expect(isHttpUrl(bad), bad).to.equal(false);
    expect(linkOriginAllowed('https://evil.example/x', [])).to.equal(false);
    const allowed = parseOrigins('https://www.example.org, https://partner.example.org:8443/');
    expect(allowed).to.deep.equal(['https://www.example.org', 'https://partner.example.org:8443']);
    expect(linkOriginAllowed('https://www.example.org/sign-in', allowed)).to.equal(true);
    expect(linkOriginAllowed('https://partner.example.org:8443/a', allowed)).to.equal(true);
    expect(linkOriginAllowed('https://evil.example/sign-in', allowed)).to.equal(false);
    expect(linkOriginAllowed('http://www.example.org/sign-in', allowed), 'scheme counts').to.equal(false);
    expect(linkOriginAllowed('https://www.example.org.evil.example/', allowed)).to.equal(false);
  });

  it('point at PORTAL_ORIGINS (else MAGIC_LINK_ORIGINS) and always the service\'s own origin: PUBLIC_BASE_URL\'s, else localhost at the port the request came in on', () => {
    const policy = (portalOrigins = '', deprecatedMagicLinkOrigins = '', publicBaseUrl?: string) =>
      new LinkOriginPolicy({ portalOrigins, deprecatedMagicLinkOrigins, publicBaseUrl });
    expect(policy('https://www.example.org,https://b.example', 'https://old.example').forRequest(3000)).to.deep.equal({
      allowed: ['https://www.example.org', 'https://b.example', 'http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'],
      defaultUrl: 'https://www.example.org/sign-in/link',
    });
    expect(policy('', 'https://old.example').forRequest(3000).allowed, 'the deprecated name').to.deep.equal(['https://old.example', 'http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']);
    expect(policy('', '', 'https://api.example.org/base').forRequest(3000).allowed).to.deep.equal(['https://api.example.org']);
    expect(policy().forRequest(3000)).to.deep.equal({
      allowed: ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'],
      defaultUrl: 'http://localhost:3000/sign-in/link',
    });
    expect(linkOriginAllowed('http://localhost:3000/api/rest/portal/auth-token', policy().forRequest(3000).allowed)).to.equal(true);
    expect(linkOriginAllowed('https://evil.example/sign-in', policy().forRequest(3000).allowed)).to.equal(false);
    expect(policy().forRequest(undefined).allowed).to.deep.equal([]);
    expect(policy('https://www.example.org', '', 'https://api.example.org').forRequest(3000).allowed, 'the own origin beside the portals').to.deep.equal(['https://www.example.org', 'https://api.example.org']);
  });

  it('carry 256-bit random tokens whose stored hash does not reveal them', () => {
    const tokens = new Set(Array.from({ length: 50 }, newSecretToken));
    expect(tokens.size).to.equal(50);
    for (const token of tokens) {
      expect(looksLikeSecretToken(token)).to.equal(true);
      expect(Buffer.from(token, 'base64url')).to.have.length(32);
    }
    const [token] = tokens;
    expect(hashToken(token!))
      .to.match(/^[0-9a-f]{64}$/)
      .and.not.include(token);
    expect(looksLikeSecretToken('short')).to.equal(false);
  });

  it('are mailed with the link in the text and escaped in the HTML', () => {
    const link = 'https://portal.example.org/sign-in/1/abc?x=1&y="2"';
    const mail = new SignInLinkMail('reset-password', link, 30).render();
    expect(mail.subject).to.equal('Reset your password');
    expect(mail.text).to.include(link).and.include('30 minutes');
    expect(mail.html).to.include('href="https://portal.example.org/sign-in/1/abc?x=1&amp;y=&quot;2&quot;"');
  });
});
