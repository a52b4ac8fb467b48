import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { loggedPath, looksLikeSecret, REDACTED } from '../../src/core/logged-path.ts';

describe('access-log paths', () => {
  const token = randomBytes(32).toString('base64url');

  it('takes out the value of a path parameter named like a token, whatever it looks like', () => {
    expect(loggedPath({ path: '/api/rest/portal/auth-token/12/abc', params: { id: '12', token: 'abc' } })).to.equal(`/api/rest/portal/auth-token/12/${REDACTED}`);
    expect(loggedPath({ path: `/api/rest/portal/reset-password/7/${token}`, params: { id: '7', token } })).to.equal(`/api/rest/portal/reset-password/7/${REDACTED}`);
  });

  it('takes out segments that look like tokens or JWTs on paths no route named (the portal pages)', () => {
    expect(loggedPath({ path: `/sign-in/link/3/${token}` })).to.equal(`/sign-in/link/3/${REDACTED}`);
    expect(loggedPath({ path: `/alerts/unsubscribe/${encodeURIComponent(token)}` })).to.equal(`/alerts/unsubscribe/${REDACTED}`);
    expect(loggedPath({ path: '/x/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' })).to.equal(`/x/${REDACTED}`);
    expect(loggedPath({ path: `/x/${randomBytes(20).toString('hex')}` })).to.equal(`/x/${REDACTED}`);
  });

  it('keeps ids, refs and slugs', () => {
    for (const path of ['/api/rest/portal/listings/slug/meadow-view-yeadon-riverside-homes-phase-two', '/api/rest/leads/42', '/api/rest/listings/canal-wharf-2024/stats', '/'])
      expect(loggedPath({ path }), path).to.equal(path);
    expect(looksLikeSecret('a-very-long-slug-of-lower-case-words-2025')).to.equal(false);
  });
});
