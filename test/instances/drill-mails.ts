// The instance drill's acknowledgement and alert e-mails (instance-drill.ts). Before the load: customers
// with a session each, some with an instant saved search around one of the owner's developments, and a
// listing of the drill's with open days. Under load, through the balancer: each of the other customers
// registers interest in that listing and books a viewing of it (an `interest-registered` and a
// `viewing-booked` e-mail each), and new listings are published in the development (each an alert to
// every saved search: matched by the alert-check jobs, sent by the alert-delivery runs). `verdict` then
// says how many of each e-mail arrived twice and how many never arrived.
import type { Runtime } from '../../src/runtime.ts';
import { AccessTokenService } from '../../src/auth/access-tokens.ts';
import { listingPayload, propertyPayload } from '../support/factories.ts';
import { PASSING } from '../support/applications.ts';
import type { ReceivedMail } from '../support/smtp-sink.ts';

/** customers who register interest and book a viewing, one each under load */
const APPLICANTS = 6;
/** customers with an instant saved search around the development */
const WATCHERS = 3;
/** listings published under load, each alerted to every watcher */
const PUBLISHED = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Customer {
  email: string;
  token: string;
}

export interface MailVerdict {
  /** acknowledged actions (registrations, bookings, alerts due) */
  due: { registered: number; booked: number; alerts: number };
  /** of them, e-mails received more than once */
  twice: { registered: number; booked: number; alerts: number };
  /** of them, e-mails never received (allowed only where the killed instance had claimed the e-mail: at most once) */
  lost: { registered: number; booked: number; alerts: number };
  /** requests refused or unanswered under load */
  failed: string[];
}

export class DrillMails {
  private applicants: Customer[] = [];
  private watchers: Customer[] = [];
  private listingId = 0;
  private listingName = '';
  private readonly registered: Customer[] = [];
  private readonly booked: Customer[] = [];
  private readonly published: string[] = [];
  private readonly failed: string[] = [];

  constructor(
    private readonly runtime: Runtime,
    private readonly base: string,
    private readonly ownerKey: string,
    private readonly stamp: number,
    /** the owner's development the drill's listings go in */
    private readonly development: { externalRef: string; latitude: number; longitude: number },
  ) {}

  /** The customers, their sessions and saved searches, and the listing they apply for. */
  async prepare(): Promise<void> {
    const { prisma, pool, config } = this.runtime;
    const tokens = new AccessTokenService(prisma, pool, { secret: config.JWT_SECRET, ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS });
    const customer = async (name: string): Promise<Customer> => {
      const email = `drill-${this.stamp}-${name}@example.org`;
      const row = await prisma.customer.create({ data: { email, createdVia: 'password', emailProvenAt: new Date(), firstName: 'Drill' } });
      return { email, token: tokens.issue(row.id, null).token };
    };
    for (let i = 0; i < APPLICANTS; i++) this.applicants.push(await customer(`applicant-${i}`));
    for (let i = 0; i < WATCHERS; i++) this.watchers.push(await customer(`watcher-${i}`));
    const { latitude: lat, longitude: lng } = this.development;
    const area = { lat, lng, north: lat + 0.02, south: lat - 0.02, east: lng + 0.02, west: lng - 0.02 };
    for (const w of this.watchers) {
      const res = await this.call('POST', '/api/rest/portal/profile/saved-searches', { name: 'Drill homes', query: area, alerts: { frequency: 'instant' } }, w.token);
      if (res?.status !== 201) throw new Error(`a drill saved search was refused: ${res?.status ?? "no answer"} ${await res?.text()}`);
    }
    const day = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    this.listingName = `Drill viewings ${this.stamp}`;
    this.listingId = await this.publish(`viewings-${this.stamp}`, this.listingName, { openDays: [{ date: day, time: '10:00', durationMin: 60, capacity: 50 }] });
  }

  /** Under load: the applicants' registrations and bookings, and the listings published, spread over the run. */
  async load(deadline: number): Promise<void> {
    const rounds = Math.max(APPLICANTS, PUBLISHED);
    const gap = Math.max(200, (deadline - performance.now()) / (rounds + 1));
    for (let i = 0; i < rounds && performance.now() < deadline; i++) {
      await sleep(gap);
      if (i < APPLICANTS) await this.apply(this.applicants[i]!);
      if (i < PUBLISHED) {
        const name = `Drill alert ${this.stamp}-${i}`;
        if (await this.publish(`alert-${this.stamp}-${i}`, name)) this.published.push(name);
        else this.failed.push(`publish ${name}`);
      }
    }
  }

  private async apply(c: Customer): Promise<void> {
    const reg = await this.call('POST', `/api/rest/portal/listings/${this.listingId}/register-interest`, PASSING, c.token);
    if (reg?.status !== 201) {
      this.failed.push(`register interest -> ${reg?.status ?? 'no answer'}`);
      return;
    }
    this.registered.push(c);
    const app = (await reg.json()) as { id: number };
    const offered = await this.call('GET', `/api/rest/portal/profile/applications/${app.id}/available-appointments`, null, c.token);
    const days = offered?.status === 200 ? ((await offered.json()) as { data: { slots: { id: number }[] }[] }).data : [];
    const slot = days[0]?.slots[0]?.id;
    const booking = slot === undefined ? null : await this.call('POST', `/api/rest/portal/profile/applications/${app.id}/appointments`, { slot }, c.token);
    if (booking?.status === 201) this.booked.push(c);
    else this.failed.push(`book a viewing -> ${booking?.status ?? 'no slot offered'}`);
  }

  /** A new property and its listing in the development, through the sync API; returns the listing's id (0: refused). */
  private async publish(ref: string, name: string, listing: Record<string, unknown> = {}): Promise<number> {
    const dev = this.development.externalRef;
    const property = await this.call('PUT', `/api/rest/inventory/properties/${ref}?api_key=${this.ownerKey}`, propertyPayload(dev, { fullMarketPrice: 250000 }));
    if (property?.status !== 201 && property?.status !== 200) return 0;
    const res = await this.call('PUT', `/api/rest/listings/l-${ref}?api_key=${this.ownerKey}`, listingPayload(dev, [ref], { name, ...listing }));
    if (res?.status !== 201 && res?.status !== 200) return 0;
    return ((await res.json()) as { id: number }).id;
  }

  private async call(method: string, path: string, body: unknown, token?: string): Promise<Response | null> {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
    return fetch(`${this.base}${path}`, { method, headers, ...(body === null ? {} : { body: JSON.stringify(body) }), signal: AbortSignal.timeout(10_000) }).catch(() => null);
  }

  /** Each acknowledged registration, booking and alert due, against the e-mails received. */
  verdict(received: readonly ReceivedMail[]): MailVerdict {
    const to = (c: Customer) => received.filter((m) => m.to.includes(c.email));
    const twice = (counts: number[]) => counts.filter((n) => n > 1).length;
    const lost = (counts: number[]) => counts.filter((n) => n === 0).length;
    const registered = this.registered.map((c) => to(c).filter((m) => m.subject === `We have your interest in ${this.listingName}`).length);
    const booked = this.booked.map((c) => to(c).filter((m) => m.subject.startsWith('Your ') && m.subject.endsWith(` at ${this.listingName}`)).length);
    // each published listing in exactly one of each watcher's alert e-mails
    const alerts = this.watchers.flatMap((w) => this.published.map((name) => to(w).filter((m) => m.text.includes(name)).length));
    return {
      due: { registered: registered.length, booked: booked.length, alerts: alerts.length },
      twice: { registered: twice(registered), booked: twice(booked), alerts: twice(alerts) },
      lost: { registered: lost(registered), booked: lost(booked), alerts: lost(alerts) },
      failed: this.failed,
    };
  }
}
