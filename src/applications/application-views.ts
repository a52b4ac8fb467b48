// Puts together what the Application resource shows: the live listing documents, favourites, the
// customer and the appointments' applications. No HTTP here; shaping is the presenters'.
import { ownerIdOf } from './application-owner.ts';
import type { Appointment } from '../generated/prisma/client.ts';
import type { PrismaClient } from '../db/prisma.ts';
import type { CustomerService } from '../customers/customer-service.ts';
import { presentCustomer } from '../customers/customer-presenter.ts';
import type { FavouriteService } from '../favourites/favourite-service.ts';
import { presentAppointment } from '../appointments/appointment-presenter.ts';
import { presentListingItem } from '../listings/listing-presenter.ts';
import { addressOf, type AppointmentCalendar, type AppointmentPlace } from '../appointments/appointment-calendar.ts';
import type { ListingSnapshot } from './application-listings.ts';
import type { ApplicationListings } from './application-listings.ts';
import { presentApplication } from './application-presenter.ts';
import type { ApplicationPayload } from './application-payload.ts';
import { withAppointments, type ApplicationRow } from './application-service.ts';

export class ApplicationViews {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly listings: ApplicationListings,
    private readonly favourites: Pick<FavouriteService, 'favouriteIdsAmong'>,
    private readonly customers: CustomerService,
    private readonly calendar: AppointmentCalendar,
  ) {}

  async many(rows: ApplicationRow[], customerId: number): Promise<ApplicationPayload[]> {
    const listingIds = rows.map((r) => r.listingId);
    const [docs, favourites] = await Promise.all([
      this.listings.live(listingIds),
      this.favourites.favouriteIdsAmong(customerId, listingIds),
    ]);
    return rows.map((row) =>
      presentApplication(row, { doc: docs.get(row.listingId), favourite: favourites.has(row.listingId), calendar: this.calendar }),
    );
  }

  /**
   * One application, alone: the answer to an update made with the update token, which proves no more
   * than holding that token (never the stored profile).
   */
  async alone(row: ApplicationRow): Promise<ApplicationPayload> {
    const docs = await this.listings.live([row.listingId]);
    return presentApplication(row, { doc: docs.get(row.listingId), favourite: null });
  }

  /** One application with its customer (and the update token right after register interest). */
  async one(row: ApplicationRow, options: { updateToken?: string } = {}): Promise<ApplicationPayload> {
    const customerId = ownerIdOf(row);
    const [docs, favourites, customer] = await Promise.all([
      this.listings.live([row.listingId]),
      this.favourites.favouriteIdsAmong(customerId, [row.listingId]),
      this.customers.load(customerId),
    ]);
    return presentApplication(row, {
      doc: docs.get(row.listingId),
      favourite: favourites.has(row.listingId),
      customer: presentCustomer(customer),
      updateToken: options.updateToken,
      calendar: this.calendar,
    });
  }

  /** Appointments, each with its application (without the customer). */
  async appointmentsWithApplications(appointments: Appointment[], customerId: number) {
    const ids = [...new Set(appointments.map((a) => a.applicationId))];
    const rows = await this.prisma.application.findMany({
      where: { id: { in: ids } },
      include: withAppointments,
    });
    const presented = new Map((await this.many(rows, customerId)).map((a) => [a.id, a]));
    return appointments.map((a) => {
      const application = presented.get(a.applicationId);
      return presentAppointment(a, application, { address: application ? addressOf(application.listing) : null, ics: this.calendar.link(a.id) });
    });
  }

  /** Appointments of the customer's, each with its listing's address and its calendar link. */
  async appointments(appointments: Appointment[]) {
    const places = await this.placesOf(appointments.map((a) => a.applicationId));
    return appointments.map((a) => presentAppointment(a, undefined, { address: places.get(a.applicationId)?.address ?? null, ics: this.calendar.link(a.id) }));
  }

  /** The listing (name, address, page) of each application: the live listing, else the application's snapshot of it. */
  async placesOf(applicationIds: number[]): Promise<Map<number, AppointmentPlace>> {
    const rows = await this.prisma.application.findMany({
      where: { id: { in: [...new Set(applicationIds)] } },
      select: { id: true, listingId: true, listingSnapshot: true },
    });
    const docs = await this.listings.live(rows.map((r) => r.listingId));
    return new Map(
      rows.map((r) => {
        const doc = docs.get(r.listingId);
        const item = doc ? presentListingItem(doc.view, { favourite: null }) : (r.listingSnapshot as unknown as ListingSnapshot).item;
        return [r.id, { listingName: item.name, address: addressOf(item), listingUrl: this.calendar.listingUrl(item.slug) }];
      }),
    );
  }
}
