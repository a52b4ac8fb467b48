import { expect } from 'chai';
import { api } from '../support/api.ts';
import { createAccount, listingPayload, withKey, type TestAccount } from '../support/factories.ts';
import { smtpSink } from '../support/smtp-sink.ts';
import { P, bearer, passwordCustomer, type SignedIn } from '../support/customers.ts';
import { testApp } from '../support/test-app.ts';
import { applied, daysFromNow, insertSlot, pushAppListing, slotIds, type PushedListing } from '../support/applications.ts';

const APPS = `${P}/profile/applications`;
const APPOINTMENTS = `${P}/profile/appointments`;

describe('appointments', () => {
  let account: TestAccount;
  let listing: PushedListing;
  let slots: number[];
  const dayA = daysFromNow(12);
  const dayB = daysFromNow(13);

  before(async () => {
    await smtpSink();
    account = await createAccount();
    listing = await pushAppListing(account, {
      listing: {
        openDays: [
          { date: dayA, time: '10:00', durationMin: 60, capacity: 50 },
          { date: dayA, time: '14:30', durationMin: 45, capacity: 50 },
          { date: dayB, time: '11:00', durationMin: 30, capacity: 50 },
        ],
      },
    });
    slots = await slotIds(listing.id);
    await insertSlot(listing.id, new Date(Date.now() - 86_400_000)); // past: never offered
  });

  const book = (c: SignedIn, appId: number, body: Record<string, unknown>) =>
    api.post(`${APPS}/${appId}/appointments`, body, bearer(c.accessToken));

  it('offers the future slots with a place left, grouped by date, in UK time', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const res = await api.get(`${APPS}/${app.id}/available-appointments`, bearer(customer.accessToken));
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.equal([
      {
        date: dayA,
        slots: [
          { id: slots[0], slotTime: '10:00', slotDurationMin: 60 },
          { id: slots[1], slotTime: '14:30', slotDurationMin: 45 },
        ],
      },
      { date: dayB, slots: [{ id: slots[2], slotTime: '11:00', slotDurationMin: 30 }] },
    ]);
  });

  it('leaves out a full slot and refuses to book it (409)', async () => {
    const full = await pushAppListing(account, { listing: { openDays: [{ date: dayA, time: '09:00', durationMin: 30, capacity: 1 }] } });
    const [slot] = await slotIds(full.id);
    const first = await passwordCustomer();
    const second = await passwordCustomer();
    const a1 = await applied(first, full.id);
    const a2 = await applied(second, full.id);
    expect((await book(first, a1.id, { slot })).status).to.equal(201);
    const available = await api.get(`${APPS}/${a2.id}/available-appointments`, bearer(second.accessToken));
    expect(available.body.data).to.deep.equal([]);
    const refused = await book(second, a2.id, { slot });
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal('This open-day slot is full');
  });

  it('books (201), refuses a second booking while one is upcoming (409), changes the slot (200) and cancels irreversibly', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const res = await book(customer, app.id, { slot: slots[0], remarks: 'Bringing a friend' });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.include({ type: 'open-day', durationMin: 60, status: 'confirmed', remarks: 'Bringing a friend' });
    const again = await book(customer, app.id, { slot: slots[1] });
    expect(again.status).to.equal(409);
    expect(again.body.message).to.match(/already has an upcoming appointment/);

    const changed = await api.put(`${APPOINTMENTS}/${res.body.id}`, { slot: slots[2] }, bearer(customer.accessToken));
    expect(changed.status).to.equal(200);
    expect(changed.body.durationMin).to.equal(30);
    expect(changed.body.remarks).to.equal('Bringing a friend');
    const detail = await api.get(`${APPS}/${app.id}`, bearer(customer.accessToken));
    expect(detail.body.nextAppointmentDateTime).to.equal(changed.body.dateTime);

    const cancelled = await api.patch(`${APPOINTMENTS}/${res.body.id}/cancel`, undefined, bearer(customer.accessToken));
    expect(cancelled.status).to.equal(200);
    expect(cancelled.body.status).to.equal('cancelled');
    expect((await api.patch(`${APPOINTMENTS}/${res.body.id}/cancel`, undefined, bearer(customer.accessToken))).status).to.equal(409);
    expect((await api.put(`${APPOINTMENTS}/${res.body.id}`, { slot: slots[0] }, bearer(customer.accessToken))).status).to.equal(409);
    // a new booking is possible once the other is cancelled
    expect((await book(customer, app.id, { slot: slots[1] })).status).to.equal(201);
    const ofApp = await api.get(`${APPS}/${app.id}/appointments`, bearer(customer.accessToken));
    expect(ofApp.body.data.map((a: { status: string }) => a.status).sort()).to.deep.equal(['cancelled', 'confirmed']);
  });

  it('is 422 for a slot of another listing, a past slot or no slot', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const other = await pushAppListing(account, { listing: { openDays: [{ date: dayA, time: '12:00', durationMin: 30, capacity: 3 }] } });
    const [foreign] = await slotIds(other.id);
    const past = await insertSlot(listing.id, new Date(Date.now() - 2 * 86_400_000));
    for (const body of [{ slot: foreign }, { slot: past }, {}, { slot: 'x' }]) {
      const res = await book(customer, app.id, body);
      expect(res.status, JSON.stringify(body)).to.equal(422);
      expect(res.body.errors).to.have.property('slot');
    }
  });

  it('lists all appointments with their application, filtered by upcoming', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const upcoming = await book(customer, app.id, { slot: slots[0] });
    // a past appointment, as the back office or time would leave it
    const pastSlot = await insertSlot(listing.id, new Date(Date.now() - 3 * 86_400_000));
    const past = await testApp().runtime.prisma.appointment.create({
      data: { applicationId: app.id, slotId: pastSlot, startsAt: new Date(Date.now() - 3 * 86_400_000), durationMin: 60 },
    });
    const cancelledSlot = await insertSlot(listing.id, new Date(Date.now() + 20 * 86_400_000));
    const cancelled = await testApp().runtime.prisma.appointment.create({
      data: {
        applicationId: app.id,
        slotId: cancelledSlot,
        startsAt: new Date(Date.now() + 20 * 86_400_000),
        durationMin: 60,
        status: 'cancelled',
      },
    });
    const ids = async (query: Record<string, string>) =>
      (await api.get(APPOINTMENTS, bearer(customer.accessToken, { query }))).body.data.map((a: { id: number }) => a.id).sort();
    expect(await ids({ upcoming: '1' })).to.deep.equal([upcoming.body.id]);
    expect(await ids({ upcoming: 'true' })).to.deep.equal([upcoming.body.id]);
    expect(await ids({ upcoming: '0' })).to.deep.equal([past.id]);
    expect(await ids({})).to.deep.equal([upcoming.body.id, past.id, cancelled.id].sort((a, b) => a - b));
    const all = await api.get(APPOINTMENTS, bearer(customer.accessToken));
    expect(all.body.data[0].application.id).to.equal(app.id);
    expect(all.body.data[0].application).to.not.have.property('customer');
  });

  it('never fills a slot beyond its capacity under simultaneous bookings of its last places', async () => {
    const capacity = 3;
    const busy = await pushAppListing(account, { listing: { openDays: [{ date: dayB, time: '16:00', durationMin: 30, capacity }] } });
    const [slot] = await slotIds(busy.id);
    const customers = await Promise.all(Array.from({ length: 8 }, () => passwordCustomer()));
    const apps = await Promise.all(customers.map((c) => applied(c, busy.id)));
    const results = await Promise.all(customers.map((c, i) => book(c, apps[i]!.id, { slot })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).to.have.length(capacity);
    expect(statuses.filter((s) => s === 409)).to.have.length(customers.length - capacity);
    expect(await testApp().runtime.prisma.appointment.count({ where: { slotId: slot, status: 'confirmed' } })).to.equal(capacity);
  });

  it('gives one upcoming appointment to an application booked twice at once', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const results = await Promise.all([book(customer, app.id, { slot: slots[0] }), book(customer, app.id, { slot: slots[1] })]);
    expect(results.map((r) => r.status).sort()).to.deep.equal([201, 409]);
  });

  it("never shows, changes or cancels another customer's appointment (404)", async () => {
    const owner = await passwordCustomer();
    const stranger = await passwordCustomer();
    const app = await applied(owner, listing.id);
    const appointment = (await book(owner, app.id, { slot: slots[0] })).body;
    const as = bearer(stranger.accessToken);
    expect((await api.put(`${APPOINTMENTS}/${appointment.id}`, { slot: slots[1] }, as)).status).to.equal(404);
    expect((await api.patch(`${APPOINTMENTS}/${appointment.id}/cancel`, undefined, as)).status).to.equal(404);
    expect((await api.get(APPOINTMENTS, as)).body.data).to.deep.equal([]);
    const row = await testApp().runtime.prisma.appointment.findUniqueOrThrow({ where: { id: appointment.id } });
    expect([row.status, row.slotId]).to.deep.equal(['confirmed', slots[0]]);
    expect((await api.get(APPOINTMENTS)).status).to.equal(401);
  });

  it('keeps a slot that holds a confirmed booking when the provider leaves it out of a PUT', async () => {
    const kept = await pushAppListing(account, {
      listing: {
        openDays: [
          { date: dayA, time: '08:00', durationMin: 30, capacity: 2 },
          { date: dayA, time: '09:00', durationMin: 30, capacity: 2 },
        ],
      },
    });
    const [bookedSlot, freeSlot] = await slotIds(kept.id);
    const customer = await passwordCustomer();
    const app = await applied(customer, kept.id);
    expect((await book(customer, app.id, { slot: bookedSlot })).status).to.equal(201);
    const res = await api.put(
      `/api/rest/listings/${kept.ref}`,
      listingPayload(kept.dev, kept.propertyRefs, { name: 'Kept', openDays: [] }),
      withKey(account),
    );
    expect(res.status, res.text).to.equal(200);
    expect(await slotIds(kept.id)).to.deep.equal([bookedSlot]);
    expect(freeSlot).to.be.a('number');
  });

  it("offers no slot and takes no booking once the listing is withdrawn; a booking moves the application's updatedAt", async () => {
    const leaving = await pushAppListing(account, { listing: { openDays: [{ date: dayB, time: '15:00', durationMin: 30, capacity: 4 }] } });
    const [slot] = await slotIds(leaving.id);
    const customer = await passwordCustomer();
    const app = await applied(customer, leaving.id);
    const before = (await testApp().runtime.prisma.application.findUniqueOrThrow({ where: { id: app.id } })).updatedAt;
    const booked = await book(customer, app.id, { slot });
    expect(booked.status).to.equal(201);
    const after = (await testApp().runtime.prisma.application.findUniqueOrThrow({ where: { id: app.id } })).updatedAt;
    expect(after.getTime()).to.be.greaterThan(before.getTime());
    await api.patch(`${APPOINTMENTS}/${booked.body.id}/cancel`, undefined, bearer(customer.accessToken));
    expect((await api.delete(`/api/rest/listings/${leaving.ref}`, withKey(account))).status).to.equal(200);
    expect((await api.get(`${APPS}/${app.id}/available-appointments`, bearer(customer.accessToken))).body.data).to.deep.equal([]);
    expect((await book(customer, app.id, { slot })).status).to.equal(422);
  });
});
