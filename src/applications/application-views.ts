// Puts together what the Application resource shows: the live listing documents, favourites, the
// customer and the appointments' applications. No HTTP here; shaping is the presenters'.
import { ownerIdOf } from './application-owner.ts';
import type { Appointment } from '../generated/prisma/client.ts';
import type { PrismaClient } from '../db/prisma.ts';
import type { CustomerService } from '../customers/customer-service.ts';
import { presentCustomer } from '../customers/customer-presenter.ts';
import type { FavouriteService } from '../favourites/favourite-service.ts';
import { presentAppointment } from '../appointments/appointment-presenter.ts';
import type { ApplicationListings } from './application-listings.ts';
import { presentApplication } from './application-presenter.ts';
import type { ApplicationPayload } from './application-payload.ts';
import type { ApplicationRow } from './application-service.ts';

export class ApplicationViews {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly listings: ApplicationListings,
    private readonly favourites: Pick<FavouriteService, 'favouriteIdsAmong'>,
    private readonly customers: CustomerService,
  ) {}

  async many(rows: ApplicationRow[], customerId: number): Promise<ApplicationPayload[]> {
    const listingIds = rows.map((r) => r.listingId);
    const [docs, favourites] = await Promise.all([
      this.listings.live(listingIds),
      this.favourites.favouriteIdsAmong(customerId, listingIds),
    ]);
    return rows.map((row) => presentApplication(row, { doc: docs.get(row.listingId), favourite: favourites.has(row.listingId) }));
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
    });
  }

  /** Appointments, each with its application (without the customer). */
  async appointmentsWithApplications(appointments: Appointment[], customerId: number) {
    const ids = [...new Set(appointments.map((a) => a.applicationId))];
    const rows = await this.prisma.application.findMany({
      where: { id: { in: ids } },
      include: { appointments: { orderBy: [{ startsAt: 'asc' }, { id: 'asc' }] } },
    });
    const presented = new Map((await this.many(rows, customerId)).map((a) => [a.id, a]));
    return appointments.map((a) => presentAppointment(a, presented.get(a.applicationId)));
  }
}
