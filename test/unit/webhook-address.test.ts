// Where a webhook may point in the live environment: the address classification (ipaddr.js), the URL
// rules, and the check made as each delivery connects (real DNS for localhost, a real connection attempt).
import { expect } from 'chai';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isAllowedAddress, isPublicAddress, resolvePublic, UnsafeAddressError, webhookUrlProblem } from '../../src/webhooks/webhook-address.ts';
import { WebhookSender } from '../../src/webhooks/webhook-sender.ts';

describe('webhook addresses', () => {
  it('counts only public unicast addresses as public', () => {
    for (const ip of ['8.8.8.8', '93.184.215.14', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(ip), ip).to.equal(true);
    for (const ip of [
      '127.0.0.1', // loopback
      '127.1.2.3',
      '10.0.0.1', // private
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254', // link-local (cloud metadata)
      '100.64.0.1', // carrier-grade NAT
      '0.0.0.0',
      '224.0.0.1', // multicast
      '255.255.255.255',
      '192.0.2.1', // documentation
      '::1',
      '::',
      'fe80::1', // link-local
      'fc00::1', // unique local
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1', // IPv4-mapped loopback
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      'not an address',
    ])
      expect(isPublicAddress(ip), ip).to.equal(false);
  });

  it('allows loopback outside live only, and private, link-local or unique-local ranges nowhere', () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '8.8.8.8']) expect(isAllowedAddress(ip, true), ip).to.equal(true);
    for (const ip of ['10.0.0.1', '192.168.1.1', '169.254.169.254', 'fe80::1', 'fd12:3456::1', '100.64.0.1', '0.0.0.0', '::ffff:10.0.0.1'])
      expect(isAllowedAddress(ip, true), ip).to.equal(false);
    expect(isAllowedAddress('127.0.0.1', false)).to.equal(false);
  });

  it('outside live takes http(s) to public and loopback hosts; in live https to a host that is not an internal address', () => {
    expect(webhookUrlProblem('http://127.0.0.1:8080/x', false)).to.equal(null);
    expect(webhookUrlProblem('http://[::1]:8080/x', false)).to.equal(null);
    expect(webhookUrlProblem('http://localhost/x', false)).to.equal(null);
    expect(webhookUrlProblem('ftp://example.org/x', false)).to.match(/http/);
    expect(webhookUrlProblem('https://user:pass@example.org/x', false)).to.match(/credentials/);
    for (const url of ['http://10.0.0.8/', 'http://172.16.0.1/', 'http://192.168.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://[fe80::1]/', 'http://[fd00::1]/', 'http://[::ffff:a00:1]/', 'http://0.0.0.0/'])
      expect(webhookUrlProblem(url, false), url).to.match(/private, link-local or unique-local/);
    expect(webhookUrlProblem('https://example.org/x', true)).to.equal(null);
    expect(webhookUrlProblem('http://example.org/x', true)).to.equal('url must be an https URL');
    for (const url of ['https://127.0.0.1/', 'https://10.0.0.8/', 'https://169.254.169.254/', 'https://[::1]/', 'https://[fe80::1]/', 'https://[::ffff:7f00:1]/'])
      expect(webhookUrlProblem(url, true), url).to.match(/private, loopback or link-local/);
  });

  it('refuses a host name that resolves to a loopback address', async () => {
    let err: unknown;
    await resolvePublic('localhost').catch((e: unknown) => (err = e));
    expect(err).to.be.instanceOf(UnsafeAddressError);
    expect(String(err)).to.match(/not a public address/);
    expect((await resolvePublic('93.184.215.14'))[0]).to.deep.equal({ address: '93.184.215.14', family: 4 });
    // outside live loopback is allowed, a private literal still is not
    expect((await resolvePublic('localhost', true)).length).to.be.greaterThan(0);
    let privateErr: unknown;
    await resolvePublic('10.1.2.3', true).catch((e: unknown) => (privateErr = e));
    expect(privateErr).to.be.instanceOf(UnsafeAddressError);
  });

  it('in live, checks the addresses as the delivery connects: a name resolving to loopback gets nothing', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const live = new WebhookSender({ live: true, timeoutMs: 2000 });
    const open = new WebhookSender({ live: false, timeoutMs: 2000 });
    try {
      // over http the live sender refuses before connecting; the connection check is tried with https
      expect((await live.post(`http://localhost:${port}/`, 's', '{}')).error).to.equal('url must be an https URL');
      const refused = await live.post(`https://localhost:${port}/`, 's', '{}');
      expect(refused.delivered).to.equal(false);
      expect(refused.error).to.match(/not a public address/);
      const literal = await live.post(`https://127.0.0.1:${port}/`, 's', '{}');
      expect(literal.error).to.match(/private, loopback or link-local/);
      expect(hits).to.equal(0);
      // outside live the same endpoint is reached, but never a private address
      expect(await open.post(`http://localhost:${port}/`, 's', '{}')).to.deep.equal({ delivered: true, statusCode: 200, error: null });
      expect(hits).to.equal(1);
      expect((await open.post(`http://169.254.169.254:${port}/`, 's', '{}')).error).to.match(/private, link-local or unique-local/);
      expect((await open.post(`http://[fd00::1]:${port}/`, 's', '{}')).error).to.match(/private, link-local or unique-local/);
    } finally {
      await Promise.all([live.close(), open.close()]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
