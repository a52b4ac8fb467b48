// Applications: register interest (with a new or signed-in customer), the customer's applications,
// archive, update (by the owner or with the update token) and recommendations. Every decision comes from
// the one eligibility engine (src/eligibility/eligibility-rules.ts).
import { ownerIdOf } from './application-owner.ts';
import type { PrismaClient } from '../db/prisma.ts';
import type { Application, ApplicationProgress, Appointment, Customer, Prisma } from '../generated/prisma/client.ts';
import { ConflictError, NotFoundError, ValidationError, type FieldErrors } from '../core/errors.ts';
import { londonToday } from '../core/london-time.ts';
import { decide, type Decision } from '../eligibility/eligibility-rules.ts';
import { recommendationNarrowing, type SimilarNarrowing } from '../listing-index/similar-request.ts';
import type { LocalAuthorityRegions } from '../eligibility/eligibility-values.ts';
import type { ListingDocument } from '../listing-index/document/listing-document.ts';
import type { CustomerService } from '../customers/customer-service.ts';
import { lockCustomer, writeProfile } from '../customers/customer-rules.ts';
import { UTM_FIELDS, utmOf, type CustomerFields } from '../customers/customer-fields.ts';
import { hashPassword } from '../auth/passwords.ts';
import { hashToken, newSecretToken } from '../auth/secret-tokens.ts';
import type { SignInRateLimits } from '../auth/rate-limits.ts';
import { DUPLICATE_LISTING, DUPLICATE_PROPERTY, isDuplicate, missingMandatoryFields } from './application-eligibility.ts';
import { customerValuesOf, eligibilityProfileFrom, type EligibilityProfile } from '../customers/customer-eligibility.ts';
import { propertyViewOf, snapshotOf, type ApplicationListings, type ListingSnapshot } from './application-listings.ts';
import type { LeadEventRecorder } from '../lead-lifecycle/lead-event-recorder.ts';
import type { ApplicationMails } from '../lead-lifecycle/application-mails.ts';
import { InterestRegisteredMail } from './interest-registered-mail.ts';
import { cancelUpcomingAppointments } from '../lead-lifecycle/application-closing.ts';
import { providerContactSelect, type ProviderContact } from '../lead-lifecycle/application-progress.ts';
import type { ListingStats } from '../listing-stats/listing-stats-recorder.ts';
import type { LendingAssumptions } from '../affordability/lending.ts';
import type { MoneyTerms } from '../eligibility/eligibility-rules.ts';

type Tx = Prisma.TransactionClient;

export type ApplicationRow = Application & {
  appointments: Appointment[];
  progressChanges: ApplicationProgress[];
  listing: { development: { housingProvider: ProviderContact } };
};

export interface RegisterInterestBody extends CustomerFields {
  email?: string;
  password?: string;
  property?: number | null;
  bedrooms?: number[] | null;
  additionalInfo?: string | null;
}

export interface ApplicationUpdateBody extends CustomerFields {
  additionalInfo?: string | null;
}

export const ACCOUNT_EXISTS = 'An account exists for this e-mail address: sign in first';

/** An update token works this long after register interest gave it, and never once the application is archived. */
export const UPDATE_TOKEN_TTL_DAYS = 30;

export const withAppointments = {
  appointments: { orderBy: [{ startsAt: 'asc' as const }, { id: 'asc' as const }] },
  progressChanges: { orderBy: { id: 'asc' as const } },
  listing: { select: providerContactSelect },
} satisfies Prisma.ApplicationInclude;


function customerFieldsOf<T extends CustomerFields>(body: T): CustomerFields {
  const {
    email: _e,
    password: _p,
    property: _pr,
    bedrooms: _b,
    additionalInfo: _a,
    updateToken: _u,
    ...fields
  } = body as Record<string, unknown>;
  return fields as CustomerFields;
}

const requiredMessage = (field: string) =>
  field === 'workPostcode' ? 'workPostcode is required for this listing (unless your workingCircumstance is one not in work)' : `${field} is required for this listing`;

function missingFieldsError(fields: string[]): ValidationError {
  const errors: FieldErrors = Object.fromEntries(fields.map((f) => [f, [requiredMessage(f)]]));
  const more = fields.length - 1;
  return new ValidationError(
    errors,
    `${requiredMessage(fields[0]!)}${more > 0 ? ` (and ${more} more error${more > 1 ? 's' : ''})` : ''}`,
  );
}

/** Whether the customer's working circumstance says they are in work; null when they have not said. */
async function inWorkOf(tx: Tx, customer: Pick<Customer, 'workingCircumstanceId'>): Promise<boolean | null> {
  if (customer.workingCircumstanceId === null) return null;
  const item = await tx.lookupItem.findUnique({
    where: { list_id: { list: 'working-circumstances', id: customer.workingCircumstanceId } },
    select: { working: true },
  });
  return item?.working ?? null;
}

export class ApplicationService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly customers: CustomerService,
    private readonly regions: LocalAuthorityRegions,
    private readonly listings: ApplicationListings,
    /** registrations of new customers count against the per-IP sign-up limits */
    private readonly limits: Pick<SignInRateLimits, 'request'>,
    /** lead webhooks: each change of an application is an event, recorded in its transaction */
    private readonly leadEvents: LeadEventRecorder,
    /** counts registrations (listing statistics) */
    private readonly stats?: Pick<ListingStats, 'countNow'>,
    /** the lending assumptions the index's costs are worked out with: the decision judges money with them */
    private readonly lending?: () => Promise<LendingAssumptions>,
    /** the e-mail that acknowledges each registration; none when left out */
    private readonly mails?: ApplicationMails,
  ) {}

  /**
   * Register interest. The customer row is locked for the whole check-and-insert, so of two identical
   * requests at once exactly one creates the application and the other sees it (409).
   */
  async register(input: {
    doc: ListingDocument;
    customerId: number | null;
    body: RegisterInterestBody;
    validateEligibility: boolean;
    usesPasswords: boolean;
    ip: string;
  }): Promise<{ application: ApplicationRow; customerId: number; updateToken: string }> {
    const { doc, body } = input;
    const propertyId = body.property ?? null;
    const named = propertyId === null ? null : doc.properties.find((p) => p.id === propertyId);
    if (named === undefined) throw ValidationError.field('property', `property ${propertyId} is not advertised by this listing`);
    const gone = doc.forSale ? 'sold' : 'let';
    if (named?.availabilityStatus === 'closed') throw ValidationError.field('property', `property ${propertyId} is ${gone}: interest can no longer be registered in it`);
    // without a property named, the listing's homes are meant: none left (a single home sold, say) is the same refusal
    if (named === null && doc.properties.every((p) => p.availabilityStatus === 'closed')) {
      const what = doc.properties.length === 1 ? `this listing's home is ${gone}` : `every home of this listing is ${gone}`;
      throw ValidationError.field('property', `${what}: interest can no longer be registered in it`);
    }
    const fields = customerFieldsOf(body);

    let passwordHash: string | null = null;
    if (input.customerId === null) {
      await this.limits.request(input.ip);
      if (!body.email)
        throw ValidationError.field('email', 'email is required to register a new customer (an existing customer signs in first)');
      if (input.usesPasswords && !body.password) throw ValidationError.field('password', 'password is required to register a new customer');
      if (await this.customers.findByEmail(body.email)) throw ValidationError.field('email', ACCOUNT_EXISTS);
      if (body.password) passwordHash = await hashPassword(body.password);
    }

    const updateToken = newSecretToken();
    const registered = await this.prisma.$transaction(async (tx) => {
      let customer: Customer;
      if (input.customerId === null) {
        customer = await this.customers.create(
          { email: body.email!, passwordHash, createdVia: passwordHash ? 'password' : 'passwordless', fields },
          tx,
        );
      } else {
        customer = await this.writeProfile(tx, input.customerId, fields);
      }
      const snapshot = snapshotOf(doc);
      const decision = await this.evaluate(snapshot, eligibilityProfileFrom(customer), propertyId, input.validateEligibility, await inWorkOf(tx, customer));

      const previous = await tx.application.findMany({
        where: { customerId: customer.id, listingId: doc.id, propertyId, isArchived: false },
        select: { eligibilityStatus: true },
      });
      if (
        isDuplicate(
          previous.map((p) => p.eligibilityStatus),
          decision.status,
        )
      )
        throw new ConflictError(propertyId !== null ? DUPLICATE_PROPERTY : DUPLICATE_LISTING);

      const application = await tx.application.create({
        data: {
          customerId: customer.id,
          listingId: doc.id,
          propertyId,
          bedrooms: propertyId === null ? [...new Set(body.bedrooms ?? [])] : [],
          additionalInfo: body.additionalInfo ?? null,
          eligibilityStatus: decision.status,
          decision: { status: decision.status, messages: decision.messages, successfulProperties: decision.successfulProperties },
          source: 'portal',
          updateTokenHash: hashToken(updateToken),
          listingSnapshot: snapshot as unknown as Prisma.InputJsonValue,
          propertySnapshot: propertyId !== null ? (propertyViewOf(doc, propertyId) as Prisma.InputJsonValue) : undefined,
          ...utmOf(body),
        },
        include: withAppointments,
      });
      await this.leadEvents.record(tx, application.id, 'lead.created');
      if (this.mails && !customer.disabledAt) {
        await this.mails.outbox.send(
          tx,
          customer.email,
          new InterestRegisteredMail({
            firstName: customer.firstName,
            listingName: snapshot.item.name,
            propertyName: propertyId !== null ? (propertyViewOf(doc, propertyId)?.propertyNumber ?? null) : null,
            provider: snapshot.item.housingProvider.name,
            decision,
            url: this.mails.links.application(application.id),
          }),
        );
      }
      return { application, customerId: customer.id, updateToken };
    });
    await this.stats?.countNow(doc.id, 'registrations');
    return registered;
  }

  /** The customer's applications, newest first; `archived` null gives all. */
  list(customerId: number, archived: boolean | null): Promise<ApplicationRow[]> {
    return this.prisma.application.findMany({
      where: { customerId, ...(archived === null ? {} : { isArchived: archived }) },
      include: withAppointments,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
  }

  /** 404 unless the application is the customer's. */
  async get(customerId: number, applicationId: number): Promise<ApplicationRow> {
    const row = await this.prisma.application.findFirst({ where: { id: applicationId, customerId }, include: withAppointments });
    if (!row) throw new NotFoundError(`Application ${applicationId} was not found`);
    return row;
  }

  /** Irreversible; every upcoming confirmed appointment of the application is cancelled with it. */
  async archive(customerId: number, applicationId: number, now = new Date()): Promise<ApplicationRow> {
    await this.prisma.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<
        { id: number }[]
      >`SELECT id FROM "Application" WHERE id = ${applicationId} AND "customerId" = ${customerId} FOR UPDATE`;
      if (!row) throw new NotFoundError(`Application ${applicationId} was not found`);
      await cancelUpcomingAppointments(tx, applicationId, now);
      await tx.application.update({ where: { id: applicationId }, data: { isArchived: true } });
      await this.leadEvents.record(tx, applicationId, 'lead.updated');
    });
    return this.get(customerId, applicationId);
  }

  /** The owner's update. */
  async update(
    customerId: number,
    applicationId: number,
    body: ApplicationUpdateBody,
    validateEligibility: boolean,
  ): Promise<ApplicationRow> {
    return this.updateWhere({ id: applicationId, customerId }, applicationId, body, validateEligibility);
  }

  /**
   * The update with the token given by register interest (no sign-in); 404 for a wrong token, one issued
   * more than UPDATE_TOKEN_TTL_DAYS ago (it is issued with the application), or an archived application.
   */
  async updateWithToken(
    applicationId: number,
    token: string,
    body: ApplicationUpdateBody,
    validateEligibility: boolean,
    now = new Date(),
  ): Promise<ApplicationRow> {
    const issuedAfter = new Date(now.getTime() - UPDATE_TOKEN_TTL_DAYS * 86_400_000);
    const where = { id: applicationId, updateTokenHash: hashToken(token), isArchived: false, createdAt: { gt: issuedAfter } };
    return this.updateWhere(where, applicationId, body, validateEligibility);
  }

  private async updateWhere(
    where: Prisma.ApplicationWhereInput,
    applicationId: number,
    body: ApplicationUpdateBody,
    validateEligibility: boolean,
  ): Promise<ApplicationRow> {
    const found = await this.prisma.application.findFirst({ where, select: { id: true, listingId: true } });
    if (!found) throw new NotFoundError(`Application ${applicationId} was not found`);
    const doc = (await this.listings.live([found.listingId])).get(found.listingId);
    return this.prisma.$transaction(async (tx) => {
      const [app] = await tx.$queryRaw<Application[]>`SELECT * FROM "Application" WHERE id = ${applicationId} FOR UPDATE`;
      // checked again under the lock: archived (or its token voided) since it was found
      if (!app || !(await tx.application.count({ where }))) throw new NotFoundError(`Application ${applicationId} was not found`);
      const customer = await this.writeProfile(tx, ownerIdOf(app), customerFieldsOf(body));
      const snapshot = doc ? snapshotOf(doc) : (app.listingSnapshot as unknown as ListingSnapshot);
      const decision = await this.evaluate(snapshot, eligibilityProfileFrom(customer), app.propertyId, validateEligibility, await inWorkOf(tx, customer));
      const utmEmpty = UTM_FIELDS.every((f) => app[f] === null);
      // an application that now fails its eligibility goes no further: its upcoming open day is cancelled
      if (decision.status === 'failed') await cancelUpcomingAppointments(tx, applicationId, new Date());
      const updated = await tx.application.update({
        where: { id: applicationId },
        include: withAppointments,
        data: {
          ...(body.additionalInfo !== undefined ? { additionalInfo: body.additionalInfo } : {}),
          eligibilityStatus: decision.status,
          decision: { status: decision.status, messages: decision.messages, successfulProperties: decision.successfulProperties },
          ...(doc ? { listingSnapshot: snapshot as unknown as Prisma.InputJsonValue } : {}),
          ...(utmEmpty ? utmOf(body) : {}),
        },
      });
      await this.leadEvents.record(tx, applicationId, 'lead.updated');
      return updated;
    });
  }

  /** Listing ids the customer has applied for (any state). */
  async appliedListingIds(customerId: number): Promise<Set<number>> {
    const rows = await this.prisma.application.findMany({ where: { customerId }, select: { listingId: true }, distinct: ['listingId'] });
    return new Set(rows.map((r) => r.listingId));
  }

  /**
   * What narrows recommendations to the customer: listings the engine would not fail them for (the
   * filters of search's eligible_only), never one they have applied for.
   */
  async recommendationFilters(customerId: number, today: string): Promise<SimilarNarrowing> {
    const customer = await this.customers.findById(customerId);
    if (!customer) throw new NotFoundError('Customer not found');
    const profile = eligibilityProfileFrom(customer);
    const values = customerValuesOf(profile, today, await this.regions.livesOrWorksInLondon(profile.homeLocalAuthorityId, profile.workLocalAuthorityId));
    // money judged as register interest's decision judges it (eligibility-clauses.ts)
    return recommendationNarrowing(values, today, [...(await this.appliedListingIds(customerId))], this.lending ? await this.lending() : undefined);
  }

  /** The customer, locked (see lockCustomer), with the profile fields sent written. */
  private async writeProfile(tx: Tx, customerId: number, fields: CustomerFields): Promise<Customer> {
    const current = await lockCustomer(tx, customerId);
    return Object.values(fields).some((v) => v !== undefined) ? writeProfile(tx, current, fields) : current;
  }

  /** The decision, after the 422 for mandatory eligibility fields still unknown. */
  private async evaluate(
    snapshot: ListingSnapshot,
    stored: EligibilityProfile,
    propertyId: number | null,
    validateEligibility: boolean,
    inWork: boolean | null,
  ): Promise<Decision> {
    const decision = await this.decideFor(snapshot, stored, propertyId);
    const missing = missingMandatoryFields(stored, snapshot.eligibilityFields, decision.missingFields, validateEligibility, inWork);
    if (missing.length) throw missingFieldsError(missing);
    return decision;
  }

  /**
   * The engine on the listing, or on one property when named (its deposit decides); successfulProperties
   * then lists the open properties of the listing the customer is eligible for (eligibility-rules.ts),
   * never the named one when it failed.
   */
  private async decideFor(snapshot: ListingSnapshot, stored: EligibilityProfile, propertyId: number | null): Promise<Decision> {
    const today = londonToday();
    const values = customerValuesOf(
      stored,
      today,
      await this.regions.livesOrWorksInLondon(stored.homeLocalAuthorityId, stored.workLocalAuthorityId),
    );
    const money: MoneyTerms | undefined = snapshot.costs && this.lending ? { costs: snapshot.costs, lending: await this.lending() } : undefined;
    const all = decide(snapshot, snapshot.terms, values, today, money);
    const chosen = propertyId !== null ? snapshot.terms.filter((t) => t.id === propertyId) : [];
    if (!chosen.length) return all;
    const one = decide(snapshot, chosen, values, today, money);
    const single = snapshot.terms.length <= 1;
    const others = one.status === 'failed' ? all.successfulProperties.filter((id) => id !== propertyId) : all.successfulProperties;
    return { ...one, successfulProperties: single || one.status === 'incomplete' || all.status === 'incomplete' ? [] : others };
  }
}
