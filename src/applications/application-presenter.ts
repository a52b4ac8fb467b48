// The Application resource. `listing` is a listing item (current while the listing is live, else the
// snapshot taken when the application was made); `property` is property details.
import type { Appointment } from '../generated/prisma/client.ts';
import type { ListingDocument } from '../listing-index/document/listing-document.ts';
import { presentListingItem } from '../listings/listing-presenter.ts';
import { presentAppointment } from '../appointments/appointment-presenter.ts';
import { addressOf, type AppointmentCalendar } from '../appointments/appointment-calendar.ts';
import type { CustomerResource } from '../customers/customer-presenter.ts';
import { isAvailable, propertyViewOf, type ListingSnapshot } from './application-listings.ts';
import type { ApplicationRow } from './application-service.ts';
import type { ApplicationPayload, DECISION_STATUSES, DecisionPayload } from './application-payload.ts';
import { progressOf } from '../lead-lifecycle/application-progress.ts';
import type { PropertyDetailsPayload } from '../listings/property-details-payload.ts';

export interface ApplicationContext {
  doc: ListingDocument | undefined;
  favourite: boolean | null;
  customer?: CustomerResource;
  updateToken?: string;
  now?: Date;
  /** gives the appointments their calendar links (and the listing's address) */
  calendar?: AppointmentCalendar;
}

export function nextAppointmentOf(appointments: Appointment[], now = new Date()): string | null {
  const next = appointments
    .filter((a) => a.status === 'confirmed' && a.startsAt > now)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0];
  return next ? next.startsAt.toISOString() : null;
}

export function presentApplication(row: ApplicationRow, context: ApplicationContext): ApplicationPayload {
  const { doc } = context;
  const snapshot = row.listingSnapshot as unknown as ListingSnapshot;
  // a snapshot taken before items carried the headline home's own costing has none of it
  const listing = doc ? presentListingItem(doc.view, { favourite: context.favourite }) : { ...snapshot.item, monthlyCost: snapshot.item.monthlyCost ?? null, depositNeeded: snapshot.item.depositNeeded ?? null, favourite: context.favourite };
  const property =
    row.propertyId === null
      ? null
      : ((doc ? propertyViewOf(doc, row.propertyId) : null) ?? (row.propertySnapshot as PropertyDetailsPayload | null));
  return {
    id: row.id,
    ...(context.customer ? { customer: context.customer } : {}),
    available: isAvailable(doc, row.propertyId),
    listing,
    property,
    enquiryDate: row.enquiryDate.toISOString(),
    additionalInfo: row.additionalInfo,
    // the column holds only the statuses the service writes
    eligibilityStatus: row.eligibilityStatus as (typeof DECISION_STATUSES)[number],
    isArchived: row.isArchived,
    decision: row.decision as DecisionPayload | null,
    progress: progressOf(row.progressChanges, row.enquiryDate, row.listing.development.housingProvider),
    appointments: row.appointments.map((a) =>
      presentAppointment(a, undefined, context.calendar ? { address: addressOf(listing), ics: context.calendar.link(a.id) } : undefined),
    ),
    nextAppointmentDateTime: nextAppointmentOf(row.appointments, context.now),
    ...(context.updateToken ? { updateToken: context.updateToken } : {}),
    updatedAt: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
