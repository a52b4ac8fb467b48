// Tokens and links an attacker could keep, forge or point elsewhere (docs/security.md): application update
// tokens past a password change, token lifetimes, listing view counts, error bodies echoing input, and
// links built from the Host header.
import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount } from '../support/factories.ts';
import { smtpSink } from '../support/smtp-sink.ts';
import { LINK_BASE, P, bearer, clientIp, fromIp, linkParts, passwordCustomer, passwordlessCustomer } from '../support/customers.ts';
import { testApp } from '../support/test-app.ts';
import { applied, pushAppListing, type PushedListing } from '../support/applications.ts';

describe('tokens hardening', () => {
  let listing: PushedListing;

  before(async () => {
    await smtpSink();
    listing = await pushAppListing(await createAccount());
  });

  describe('application update tokens end with a password change', () => {
    const update = (id: number, updateToken: string, body: Record<string, unknown>) => api.put(`${P}/applications/${id}`, { updateToken, ...body });

    it('change-password: the update token given before is 404 and changes nothing', async () => {
      const customer = await passwordCustomer();
      const app = await applied(customer, listing.id);
      const changed = await api.patch(`${P}/profile/change-password`, { currentPassword: customer.password, newPassword: 'changed pw 2' }, bearer(customer.accessToken));
      expect(changed.status).to.equal(200);
      const res = await update(app.id, app.updateToken, { additionalInfo: 'after the change', phone: '07700 900999' });
      expect(res.status).to.equal(404);
      const row = await testApp().runtime.prisma.application.findUniqueOrThrow({ where: { id: app.id } });
      expect(row.additionalInfo).to.not.equal('after the change');
      expect((await api.get(`${P}/profile`, bearer(customer.accessToken))).body.phone).to.not.equal('07700 900999');
    });

    it('reset-password of an address proven before: the update token given before is 404', async () => {
      const customer = await passwordlessCustomer();
      const app = await applied(customer, listing.id);
      const forgot = await api.post(`${P}/forgot-password`, { url: LINK_BASE, email: customer.email }, fromIp(clientIp()));
      const { id, token } = linkParts(forgot.body.magicLink);
      expect((await api.post(`${P}/reset-password/${id}/${token}`, { newPassword: 'reset pw 3' })).status).to.equal(200);
      expect((await update(app.id, app.updateToken, { additionalInfo: 'after the reset' })).status).to.equal(404);
    });

    it('until then, sent customer fields update the profile and the answer shows none of it', async () => {
      const customer = await passwordCustomer();
      const app = await applied(customer, listing.id);
      const res = await update(app.id, app.updateToken, { phone: '07700 900321' });
      expect(res.status).to.equal(200);
      expect(res.body).to.not.have.property('customer');
      expect(JSON.stringify(res.body)).to.not.include('07700 900321');
      expect((await api.get(`${P}/profile`, bearer(customer.accessToken))).body.phone).to.equal('07700 900321');
    });
  });
});
