// Open-day appointments of a customer's applications. Capacity: a booking (or change of slot) locks the
// slot row (SELECT … FOR UPDATE) before counting its confirmed appointments, so bookings of one slot are
// serialised and a slot can never hold more than its capacity. The application row is locked first
// (always in that order), so one application never gets two upcoming appointments either.
import type { PrismaClient } from '../db/prisma.ts';
import type { Appointment, Prisma } from '../generated/prisma/client.ts';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.ts';
import type { LeadEventRecorder } from '../lead-lifecycle/lead-event-recorder.ts';
import { goesNoFurther as closed } from '../lead-lifecycle/application-closing.ts';
import type { ListingStats } from '../listing-stats/listing-stats-recorder.ts';
import type { SlotRow } from './slot-row.ts';
import type { ApplicationMails } from '../lead-lifecycle/application-mails.ts';
import { addressOf, icsOf } from './appointment-calendar.ts';
import { ViewingBookedMail } from './viewing-booked-mail.ts';

type Tx = Prisma.TransactionClient;

export const UPCOMING_EXISTS = 'This application already has an upcoming appointment: change or cancel it first';
export const SLOT_FULL = 'This open-day slot is full';
export const SLOT_UNKNOWN = 'slot must be one of the available open-day slots of this listing';
export const APPOINTMENT_CANCELLED = 'This appointment is cancelled; book a new one';
export const APPOINTMENT_PAST = 'This appointment has already taken place';
export const APPLICATION_ARCHIVED = 'This application is archived';
export const APPLICATION_UNSUCCESSFUL = 'This application is not going further (not eligible, unsuccessful or withdrawn): no open day can be booked for it';

interface LockedApplication {
  id: number;
  listingId: number;
  isArchived: boolean;
  eligibilityStatus: string;
  /** the stage its provider last set (null: received) */
  stage: string | null;
}

/** An application that failed its eligibility, or that its provider marked unsuccessful or withdrawn, is offered no open day. */
const goesNoFurther = (app: LockedApplication) => closed(app.eligibilityStatus, app.stage);

export class AppointmentService {
  constructor(
    private readonly prisma: PrismaClient,
    /** lead webhooks: an appointment booked, moved or cancelled changes its lead */
    private readonly leadEvents: LeadEventRecorder,
    /** counts bookings (listing statistics) */
    private readonly stats?: Pick<ListingStats, 'countNow'>,
    /** the e-mail that confirms each booking, with its calendar file; none when left out */
    private readonly mails?: ApplicationMails,
  ) {}

  /** Future slots of the application's listing with a place left (none for an archived application). */
  async available(customerId: number, applicationId: number, now = new Date()): Promise<SlotRow[]> {
    const app = await this.owned(this.prisma, customerId, applicationId);
    if (app.isArchived || goesNoFurther(app)) return [];
    return this.prisma.$queryRaw<SlotRow[]>`
      SELECT s.id, s."startsAt", s."durationMin" FROM "OpenDaySlot" s JOIN "Listing" l ON l.id = s."listingId"
      WHERE s."listingId" = ${app.listingId} AND s."startsAt" > ${now} AND l."withdrawnAt" IS NULL
        AND s.capacity > (SELECT count(*) FROM "Appointment" a WHERE a."slotId" = s.id AND a.status = 'confirmed')
      ORDER BY s."startsAt", s.id`;
  }

  async book(
    customerId: number,
    applicationId: number,
    input: { slot: number; remarks?: string | null },
    now = new Date(),
  ): Promise<Appointment> {
    const { appointment, listingId } = await this.prisma.$transaction(async (tx) => {
      const app = await this.lockApplication(tx, customerId, applicationId);
      if (app.isArchived) throw new ConflictError(APPLICATION_ARCHIVED);
      if (goesNoFurther(app)) throw new ConflictError(APPLICATION_UNSUCCESSFUL);
      const upcoming = await tx.appointment.count({ where: { applicationId, status: 'confirmed', startsAt: { gt: now } } });
      if (upcoming > 0) throw new ConflictError(UPCOMING_EXISTS);
      const slot = await this.lockSlotWithPlace(tx, app.listingId, input.slot, null, now);
      const created = await tx.appointment.create({
        data: {
          applicationId,
          slotId: slot.id,
          type: 'open-day',
          startsAt: slot.startsAt,
          durationMin: slot.durationMin,
          remarks: input.remarks ?? null,
        },
      });
      await this.touch(tx, applicationId);
      await this.mailBooking(tx, created);
      return { appointment: created, listingId: app.listingId };
    });
    await this.stats?.countNow(listingId, 'appointments');
    return appointment;
  }

  /** Moves a confirmed upcoming appointment to another slot of the listing (remarks replaced when sent). */
  async change(
    customerId: number,
    appointmentId: number,
    input: { slot: number; remarks?: string | null },
    now = new Date(),
  ): Promise<Appointment> {
    return this.prisma.$transaction(async (tx) => {
      const current = await this.ownedAppointment(tx, customerId, appointmentId);
      const app = await this.lockApplication(tx, customerId, current.applicationId);
      const appointment = (await tx.appointment.findUnique({ where: { id: appointmentId } }))!;
      if (appointment.status !== 'confirmed') throw new ConflictError(APPOINTMENT_CANCELLED);
      if (appointment.startsAt <= now) throw new ConflictError(APPOINTMENT_PAST);
      if (app.isArchived) throw new ConflictError(APPLICATION_ARCHIVED);
      if (goesNoFurther(app)) throw new ConflictError(APPLICATION_UNSUCCESSFUL);
      const slot = await this.lockSlotWithPlace(
        tx,
        app.listingId,
        input.slot,
        appointment.slotId === input.slot ? appointment.id : null,
        now,
      );
      const moved = await tx.appointment.update({
        where: { id: appointmentId },
        data: {
          slotId: slot.id,
          startsAt: slot.startsAt,
          durationMin: slot.durationMin,
          ...(input.remarks !== undefined ? { remarks: input.remarks } : {}),
        },
      });
      await this.touch(tx, app.id);
      await this.mailBooking(tx, moved, true);
      return moved;
    });
  }

  /** The customer's e-mail of a booking (or its move), with its calendar file; none for a disabled customer. */
  private async mailBooking(tx: Tx, appointment: Appointment, moved = false): Promise<void> {
    if (!this.mails) return;
    const app = await tx.application.findUniqueOrThrow({
      where: { id: appointment.applicationId },
      select: { listingSnapshot: true, customer: { select: { email: true, firstName: true, disabledAt: true } } },
    });
    if (!app.customer || app.customer.disabledAt) return;
    // the listing as the application holds it (applications/application-listings.ts)
    const item = (app.listingSnapshot as unknown as { item: { name: string; slug: string; displayAddress?: string | null; postcode?: string | null } }).item;
    const { links, outbox } = this.mails;
    const place = { listingName: item.name, address: addressOf(item), listingUrl: links.listing(item.slug) };
    await outbox.send(
      tx,
      app.customer.email,
      new ViewingBookedMail({
        firstName: app.customer.firstName,
        listingName: item.name,
        kind: appointment.type === 'open-day' ? 'open day' : 'viewing',
        startsAt: appointment.startsAt,
        durationMin: appointment.durationMin,
        address: place.address,
        remarks: appointment.remarks,
        url: links.application(appointment.applicationId),
        ics: icsOf(appointment, place, new URL(place.listingUrl).hostname),
        appointmentId: appointment.id,
        moved,
      }),
    );
  }

  /** Irreversible; cancelling a cancelled appointment is 409. */
  async cancel(customerId: number, appointmentId: number): Promise<Appointment> {
    return this.prisma.$transaction(async (tx) => {
      const appointment = await this.ownedAppointment(tx, customerId, appointmentId);
      const done = await tx.appointment.updateMany({ where: { id: appointmentId, status: 'confirmed' }, data: { status: 'cancelled' } });
      if (done.count === 0) throw new ConflictError(APPOINTMENT_CANCELLED);
      await this.touch(tx, appointment.applicationId);
      return (await tx.appointment.findUnique({ where: { id: appointmentId } }))!;
    });
  }

  /** Any customer's appointment (for its calendar file, whose link carries its own token). */
  byId(appointmentId: number): Promise<Appointment | null> {
    return this.prisma.appointment.findUnique({ where: { id: appointmentId } });
  }

  async ofApplication(customerId: number, applicationId: number): Promise<Appointment[]> {
    await this.owned(this.prisma, customerId, applicationId);
    return this.prisma.appointment.findMany({ where: { applicationId }, orderBy: [{ startsAt: 'asc' }, { id: 'asc' }] });
  }

  /** upcoming: true = confirmed and in the future; false = confirmed and past; null = all, cancelled too. */
  async ofCustomer(customerId: number, upcoming: boolean | null, now = new Date()): Promise<Appointment[]> {
    const when = upcoming === null ? {} : { status: 'confirmed', startsAt: upcoming ? { gt: now } : { lte: now } };
    return this.prisma.appointment.findMany({
      where: { application: { customerId }, ...when },
      orderBy: [{ startsAt: upcoming === false ? 'desc' : 'asc' }, { id: 'asc' }],
    });
  }

  /**
   * The application's updatedAt follows its appointments, so lead pulls by `updated_since` see them, and
   * its lead.updated event (with the appointments as they now are) is recorded in the same transaction.
   */
  private async touch(tx: Tx, applicationId: number): Promise<void> {
    await tx.application.update({ where: { id: applicationId }, data: { updatedAt: new Date() } });
    await this.leadEvents.record(tx, applicationId, 'lead.updated');
  }

  private async owned(db: PrismaClient | Tx, customerId: number, applicationId: number): Promise<LockedApplication> {
    const app = await db.application.findFirst({
      where: { id: applicationId, customerId },
      select: {
        id: true,
        listingId: true,
        isArchived: true,
        eligibilityStatus: true,
        progressChanges: { select: { stage: true }, orderBy: { id: 'desc' }, take: 1 },
      },
    });
    if (!app) throw new NotFoundError(`Application ${applicationId} was not found`);
    const { progressChanges, ...rest } = app;
    return { ...rest, stage: progressChanges[0]?.stage ?? null };
  }

  private async lockApplication(tx: Tx, customerId: number, applicationId: number): Promise<LockedApplication> {
    const [app] = await tx.$queryRaw<LockedApplication[]>`
      SELECT a.id, a."listingId", a."isArchived", a."eligibilityStatus",
        (SELECT p.stage FROM "ApplicationProgress" p WHERE p."applicationId" = a.id ORDER BY p.id DESC LIMIT 1) AS stage
      FROM "Application" a WHERE a.id = ${applicationId} AND a."customerId" = ${customerId} FOR UPDATE OF a`;
    if (!app) throw new NotFoundError(`Application ${applicationId} was not found`);
    return app;
  }

  private async ownedAppointment(tx: Tx, customerId: number, appointmentId: number): Promise<Appointment> {
    const appointment = await tx.appointment.findFirst({ where: { id: appointmentId, application: { customerId } } });
    if (!appointment) throw new NotFoundError(`Appointment ${appointmentId} was not found`);
    return appointment;
  }

  /** The slot, locked, if it belongs to the listing and is in the future; 409 when it has no place left. */
  private async lockSlotWithPlace(tx: Tx, listingId: number, slotId: number, movingAppointmentId: number | null, now: Date) {
    const [slot] = await tx.$queryRaw<{ id: number; startsAt: Date; durationMin: number; capacity: number }[]>`
      SELECT s.id, s."startsAt", s."durationMin", s.capacity FROM "OpenDaySlot" s JOIN "Listing" l ON l.id = s."listingId"
      WHERE s.id = ${slotId} AND s."listingId" = ${listingId} AND l."withdrawnAt" IS NULL FOR UPDATE OF s`;
    if (!slot || slot.startsAt <= now) throw ValidationError.field('slot', SLOT_UNKNOWN);
    const taken = await tx.appointment.count({
      where: { slotId, status: 'confirmed', ...(movingAppointmentId !== null ? { id: { not: movingAppointmentId } } : {}) },
    });
    if (taken >= slot.capacity) throw new ConflictError(SLOT_FULL);
    return slot;
  }
}
