// Viewings with their place and a calendar file: appointments carry the listing's address and an `ics`
// link; the file opens without sign-in with the link's token (404 without it), is text/calendar, and
// parses (ical.js) to the appointment's time, length, place and status.
import { expect } from 'chai';
import ICAL from 'ical.js';
import { api } from '../support/api.ts';
import { createAccount, withKey, type TestAccount } from '../support/factories.ts';
import { bearer, P, passwordCustomer } from '../support/customers.ts';
import { applied, daysFromNow, pushAppListing, slotIds, type PushedListing } from '../support/applications.ts';
import { testApp } from '../support/test-app.ts';

const APPS = `${P}/profile/applications`;

async function fetchIcs(link: string): Promise<{ status: number; type: string | null; disposition: string | null; body: string }> {
  const res = await fetch(new URL(link, testApp().baseUrl));
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), body: await res.text() };
}

function eventOf(ics: string): ICAL.Event {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).to.have.length(1);
  return new ICAL.Event(events[0]!);
}

describe('appointment calendar files', function () {
  this.timeout(60_000);
  let account: TestAccount;
  let listing: PushedListing;
  let name: string;
  let address: string;

  before(async () => {
    account = await createAccount();
    listing = await pushAppListing(account, { listing: { openDays: [{ date: daysFromNow(11), time: '10:30', durationMin: 45, capacity: 20 }] } });
    const item = (await api.get(`${P}/listings/${listing.id}`)).body;
    name = item.name;
    address = item.postcode && !item.displayAddress.includes(item.postcode) ? `${item.displayAddress}, ${item.postcode}` : item.displayAddress;
  });

  it("gives each of the customer's appointments the listing's address and an iCalendar file that parses", async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const [slot] = await slotIds(listing.id);
    const booked = await api.post(`${APPS}/${app.id}/appointments`, { slot, remarks: 'Bringing a friend' }, bearer(customer.accessToken));
    expect(booked.status, booked.text).to.equal(201);
    expect(booked.body.address).to.equal(address);
    expect(booked.body.ics).to.match(new RegExp(`^(https?://[^/]+)?/api/rest/portal/appointments/${booked.body.id}/calendar\\.ics\\?token=[A-Za-z0-9_-]{32}$`));

    const all = await api.get(`${P}/profile/appointments`, bearer(customer.accessToken));
    expect(all.body.data[0]).to.include({ address, ics: booked.body.ics });
    const ofApp = await api.get(`${APPS}/${app.id}/appointments`, bearer(customer.accessToken));
    expect(ofApp.body.data[0]).to.include({ address, ics: booked.body.ics });
    const application = await api.get(`${APPS}/${app.id}`, bearer(customer.accessToken));
    expect(application.body.appointments[0]).to.include({ address, ics: booked.body.ics });
    // the provider's lead shows the appointment without the customer's calendar link
    const lead = await api.get(`/api/rest/leads/${app.id}`, withKey(account));
    expect(lead.body.appointments[0]).to.not.have.any.keys('ics', 'address');

    const file = await fetchIcs(booked.body.ics);
    expect(file.status).to.equal(200);
    expect(file.type).to.match(/^text\/calendar/);
    expect(file.disposition).to.match(/attachment; filename="viewing-\d+\.ics"/);
    const event = eventOf(file.body);
    expect(event.summary).to.equal(`Open day: ${name}`);
    expect(event.location).to.equal(address);
    expect(event.startDate.toJSDate().toISOString()).to.equal(booked.body.dateTime);
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).to.equal(45 * 60_000);
    expect(event.description).to.include('Bringing a friend');
    expect(event.component.getFirstPropertyValue('status')).to.equal('CONFIRMED');

    const cancelled = await api.patch(`${P}/profile/appointments/${booked.body.id}/cancel`, undefined, bearer(customer.accessToken));
    expect(cancelled.status).to.equal(200);
    expect(cancelled.body).to.include({ status: 'cancelled', address, ics: booked.body.ics });
    expect(eventOf((await fetchIcs(booked.body.ics)).body).component.getFirstPropertyValue('status')).to.equal('CANCELLED');
  });

  it('answers 404 for a wrong token or the token of another appointment, 422 for a missing or overlong one', async () => {
    const customer = await passwordCustomer();
    const app = await applied(customer, listing.id);
    const [slot] = await slotIds(listing.id);
    const booked = await api.post(`${APPS}/${app.id}/appointments`, { slot }, bearer(customer.accessToken));
    const link = new URL(booked.body.ics, testApp().baseUrl);
    const token = link.searchParams.get('token')!;
    const path = link.pathname;
    expect((await fetchIcs(`${path}?token=${token.slice(0, -1)}A`)).status).to.equal(404);
    expect((await fetchIcs(`${path}?token=${'x'.repeat(200)}`)).status).to.equal(422);
    expect((await fetchIcs(path)).status).to.equal(422);
    const otherId = booked.body.id + 1_000_000;
    expect((await fetchIcs(`/api/rest/portal/appointments/${otherId}/calendar.ics?token=${token}`)).status).to.equal(404);
  });
});
