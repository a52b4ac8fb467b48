import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { newWebhookSecret, signatureHeader, verifySignature } from '../../src/webhooks/webhook-signature.ts';

describe('webhook signatures', () => {
  const secret = 'whsec_test-secret';
  const body = '{"id":"e1","type":"lead.created","data":{"id":7}}';
  const at = new Date('2026-03-01T12:00:00Z');

  it('signs "t.body" with HMAC-SHA256 of the secret, in hex, with the unix time', () => {
    const t = Math.floor(at.getTime() / 1000);
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signatureHeader(secret, body, at)).to.equal(`t=${t},v1=${expected}`);
  });

  it('verifies its own signature, and refuses another body, another secret, an old timestamp or a malformed header', () => {
    const header = signatureHeader(secret, body, at);
    expect(verifySignature(header, body, secret, 300, at)).to.deep.equal({ ok: true, timestamp: at.getTime() / 1000 });
    expect(verifySignature(header, Buffer.from(body), secret, 300, new Date(at.getTime() + 299_000)).ok).to.equal(true);
    expect(verifySignature(header, body.replace('7', '8'), secret, 300, at)).to.deep.include({ ok: false, reason: 'signature does not match' });
    expect(verifySignature(header, body, 'whsec_other', 300, at).ok).to.equal(false);
    expect(verifySignature(header, body, secret, 300, new Date(at.getTime() + 301_000))).to.deep.include({ ok: false, reason: 'timestamp outside the tolerance' });
    expect(verifySignature(undefined, body, secret, 300, at).ok).to.equal(false);
    expect(verifySignature('v1=abc', body, secret, 300, at).ok).to.equal(false);
    expect(verifySignature(header.replace(/v1=[0-9a-f]+/, 'v1=zz'), body, secret, 300, at).ok).to.equal(false);
  });

  it('takes any of several v1 signatures (a receiver during a secret rotation)', () => {
    const header = signatureHeader(secret, body, at);
    const withOld = `${header},v1=${'0'.repeat(64)}`;
    expect(verifySignature(withOld, body, secret, 300, at).ok).to.equal(true);
  });

  it('makes secrets of 32 random bytes', () => {
    const a = newWebhookSecret();
    expect(a).to.match(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).to.not.equal(a);
  });
});
