import { expect } from 'chai';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from '../support/api.ts';
import { testApp } from '../support/test-app.ts';
import { importPostcodes } from '../../src/postcodes/postcode-import.ts';

describe('postcode lookup', () => {
  for (const prefix of ['/api/rest/portal', '/api/rest/open']) {
    it(`${prefix}/postcode answers the local authority of SW1A 1AA`, async () => {
      const res = await api.get(`${prefix}/postcode/SW1A%201AA`);
      expect(res.status).to.equal(200);
      expect(res.body).to.have.keys('id', 'name', 'longName', 'type', 'county');
      expect(res.body).to.deep.include({ name: 'Westminster', longName: 'City of Westminster', type: 'London borough' });
      expect(res.body.county).to.have.keys('id', 'name', 'region');
      expect(res.body.county.region).to.deep.include({ name: 'London' });
    });

    it(`${prefix}/postcode forgives case and spacing`, async () => {
      const res = await api.get(`${prefix}/postcode/m11ad`);
      expect(res.status).to.equal(200);
      expect(res.body.name).to.equal('Manchester');
    });

    it(`${prefix}/postcode gives 422 with a clear message for a malformed postcode`, async () => {
      const res = await api.get(`${prefix}/postcode/NOT-A-POSTCODE`);
      expect(res.status).to.equal(422);
      expect(res.body.message).to.match(/not a valid UK postcode/);
      expect(res.body.errors).to.have.key('postcode');
    });

    it(`${prefix}/postcode gives 404 for a valid postcode that is not known`, async () => {
      const res = await api.get(`${prefix}/postcode/ZE3%209ZZ`);
      expect(res.status).to.equal(404);
      expect(res.body.message).to.match(/ZE3 9ZZ/);
    });
  }

  it('imports the ONS layout by header name, skipping terminated and unknown rows', async () => {
    const { prisma } = testApp().runtime;
    const dir = mkdtempSync(path.join(tmpdir(), 'onspd-'));
    const file = path.join(dir, 'extract.csv');
    writeFileSync(
      file,
      [
        'pcd,pcd2,pcds,dointr,doterm,oscty,oslaua,osward,ctry,rgn,lat,long',
        'ZE9 9ZA,ZE9 9ZA,ZE9 9ZA,198001,,E99999999,E09000033,,E92000001,E12000007,51.500000,-0.140000',
        'ZE9 9ZB,ZE9 9ZB,ZE9 9ZB,198001,200012,E99999999,E09000033,,E92000001,E12000007,51.500000,-0.140000',
        'ZE9 9ZD,ZE9 9ZD,ZE9 9ZD,198001,,E99999999,X99999999,,E92000001,E12000007,51.500000,-0.140000',
        'ZE9 9ZE,ZE9 9ZE,ZE9 9ZE,198001,,E99999999,E09000033,,E92000001,E12000007,99.999999,0.000000',
      ].join('\n'),
    );
    try {
      const result = await importPostcodes(prisma, file);
      expect(result).to.deep.equal({ imported: 1, skippedTerminated: 1, skippedUnknownAuthority: 1, skippedInvalid: 1 });
      const res = await api.get('/api/rest/open/postcode/ze99za');
      expect(res.status).to.equal(200);
      expect(res.body.name).to.equal('Westminster');
      expect((await api.get('/api/rest/open/postcode/ZE9%209ZB')).status).to.equal(404);
    } finally {
      await prisma.postcode.deleteMany({ where: { district: 'ZE9' } });
    }
  });
});
