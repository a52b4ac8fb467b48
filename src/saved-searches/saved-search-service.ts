// A customer's saved searches: at most 50 each, another customer's is 404. The query is kept as sent and
// judged by the search's own validation, with the customer's profile as the search would take it (a query
// asking for affordable_only or max_distance_from_work that nobody's income or work postcode can answer is
// 422, as the search is); the criteria columns and filters (saved-search-criteria.ts) follow it.
import type { PrismaClient } from '../db/prisma.ts';
import type { SavedSearch } from '../generated/prisma/client.ts';
import type { PlaceResolver } from '../places/gazetteer.ts';
import type { PostcodePointResolver } from '../places/postcode-point.ts';
import { NotFoundError, ValidationError } from '../core/errors.ts';
import { newSecretToken } from '../auth/secret-tokens.ts';
import { resolveArea } from '../search-criteria/search-area.ts';
import type { SearchParams } from '../search-criteria/search-params.ts';
import { searchPerson } from '../search-criteria/search-person.ts';
import { eligibilityProfilesOf } from '../customers/customer-eligibility.ts';
import { criteriaOf, writeDerived } from './saved-search-criteria.ts';
import { savedParams, validateSavedQuery, type AlertFrequency, type SavedSearchInput } from './saved-search-schemas.ts';

export const MAX_SAVED_SEARCHES = 50;

export interface SavedSearchView {
  row: SavedSearch;
  params: Readonly<SearchParams>;
  newMatches: number;
}

export class SavedSearchService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly gazetteer: PlaceResolver & PostcodePointResolver,
  ) {}

  /** Newest first. */
  async list(customerId: number): Promise<SavedSearchView[]> {
    const rows = await this.prisma.savedSearch.findMany({ where: { customerId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
    return this.views(rows);
  }

  async get(customerId: number, id: number): Promise<SavedSearchView> {
    return (await this.views([await this.own(customerId, id)]))[0]!;
  }

  async create(customerId: number, portalId: number, input: Required<Pick<SavedSearchInput, 'name' | 'query'>> & SavedSearchInput): Promise<SavedSearchView> {
    const { stored, params } = await this.validQuery(customerId, input.query!);
    const { rectBounds: rect, within, provisional } = await resolveArea(params, this.gazetteer);
    const row = await this.prisma.$transaction(async (tx) => {
      // one customer's creations queue behind each other, so that two at once cannot pass the limit together
      await tx.$queryRaw`SELECT id FROM "Customer" WHERE id = ${customerId} FOR UPDATE`;
      if ((await tx.savedSearch.count({ where: { customerId } })) >= MAX_SAVED_SEARCHES)
        throw ValidationError.field('name', `You can save at most ${MAX_SAVED_SEARCHES} searches; delete one first`);
      const created = await tx.savedSearch.create({
        data: {
          customerId,
          portalId,
          name: input.name!,
          query: stored as object,
          alertFrequency: input.alerts?.frequency ?? 'daily',
          alertNewListings: input.alerts?.newListings ?? true,
          alertPriceReductions: input.alerts?.priceReductions ?? true,
          unsubscribeToken: newSecretToken(),
          // (required here; written again with the other derived columns below)
          forSale: criteriaOf(params, rect).forSale,
        },
      });
      await writeDerived(tx, created.id, params, rect, within, provisional);
      return created;
    });
    return { row, params, newMatches: 0 };
  }

  async update(customerId: number, id: number, input: SavedSearchInput): Promise<SavedSearchView> {
    await this.own(customerId, id);
    const query = input.query ? await this.validQuery(customerId, input.query) : null;
    const area = query ? await resolveArea(query.params, this.gazetteer) : null;
    await this.prisma.$transaction(async (tx) => {
      await tx.savedSearch.update({
        where: { id },
        data: {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.alerts?.frequency !== undefined ? { alertFrequency: input.alerts.frequency } : {}),
          ...(input.alerts?.newListings !== undefined ? { alertNewListings: input.alerts.newListings } : {}),
          ...(input.alerts?.priceReductions !== undefined ? { alertPriceReductions: input.alerts.priceReductions } : {}),
          ...(query ? { query: query.stored as object } : {}),
        },
      });
      if (query && area) await writeDerived(tx, id, query.params, area.rectBounds, area.within, area.provisional);
      // matches found for the old query are not the new query's: none of them is sent
      if (query) await tx.alertMatch.deleteMany({ where: { savedSearchId: id, sentAt: null } });
    });
    return this.get(customerId, id);
  }

  async remove(customerId: number, id: number): Promise<void> {
    await this.own(customerId, id);
    await this.prisma.savedSearch.delete({ where: { id } });
  }

  /** The customer has seen the matches of this saved search: from now on, what is new is what comes after. */
  async markViewed(customerId: number, id: number, at = new Date()): Promise<void> {
    await this.prisma.savedSearch.updateMany({ where: { id, customerId }, data: { lastViewedAt: at } });
  }

  /** One-click unsubscribe: that saved search's alerts turn off. 404 for an unknown token. */
  async unsubscribe(token: string): Promise<void> {
    const { count } = await this.prisma.savedSearch.updateMany({ where: { unsubscribeToken: token }, data: { alertFrequency: 'off' satisfies AlertFrequency } });
    if (count === 0) throw new NotFoundError('This unsubscribe link is not known');
  }

  /**
   * The query as the search validates it, and then as the search would answer this customer: its
   * postcodes placed, and the income and work postcode its filters need known (from the query or the
   * profile now), each problem named under `query.`.
   */
  private async validQuery(customerId: number, sent: Record<string, unknown>): Promise<ReturnType<typeof validateSavedQuery>> {
    const query = validateSavedQuery(sent);
    const profile = (await eligibilityProfilesOf(this.prisma, [customerId])).get(customerId) ?? null;
    try {
      await searchPerson(query.params, profile, this.gazetteer);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      throw new ValidationError(Object.fromEntries(Object.entries(err.errors).map(([k, messages]) => [`query.${k}`, messages])), err.message);
    }
    return query;
  }

  private async own(customerId: number, id: number): Promise<SavedSearch> {
    const row = await this.prisma.savedSearch.findFirst({ where: { id, customerId } });
    if (!row) throw new NotFoundError(`Saved search ${id} was not found`);
    return row;
  }

  /** With newMatches: distinct listings matched since the search was last viewed (ever, if never). */
  private async views(rows: SavedSearch[]): Promise<SavedSearchView[]> {
    if (rows.length === 0) return [];
    const counts = await this.prisma.$queryRaw<{ id: number; n: number }[]>`
      SELECT s.id, count(DISTINCT m."listingId")::int AS n
      FROM "SavedSearch" s JOIN "AlertMatch" m ON m."savedSearchId" = s.id AND m."createdAt" > coalesce(s."lastViewedAt", '-infinity')
      WHERE s.id = ANY(${rows.map((r) => r.id)}::int[]) GROUP BY s.id`;
    const byId = new Map(counts.map((c) => [c.id, c.n]));
    return rows.map((row) => ({ row, params: savedParams(row.query), newMatches: byId.get(row.id) ?? 0 }));
  }
}
