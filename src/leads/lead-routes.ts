// Leads in the synchronisation interfaces: REST pull and push under /api/rest/, bulk pull under /api/bulk/.
import { paginated } from '../core/envelope.ts';
import { NotFoundError } from '../core/errors.ts';
import { pathId } from '../core/path-id.ts';
import { defineRoutes, route } from '../core/route-table.ts';
import { engineUnavailable, errorResponse, json, pagedEnvelope, pathParam, ref, validationResponse } from '../core/openapi/schema-helpers.ts';
import { apiKeyAuth, premiumOnly, type SyncState } from '../api-accounts/api-key-auth.ts';
import { idempotencyKey } from '../api-accounts/idempotency-key.ts';
import { idempotencyKeyHeader } from '../api-accounts/idempotency-key-openapi.ts';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import { API_KEY_ROUTES } from '../api-accounts/api-key-operations.ts';
import { instantOf } from '../sync-api/sync-query.ts';
import { MAX_ID } from '../sync/payload-fields.ts';
import { presentLead } from './lead-presenter.ts';
import { bulkLeadQuery, pushedLeadSchema, restLeadQuery } from './lead-schemas.ts';
import type { LeadService } from './lead-service.ts';
import { leadProgressSchema } from './lead-progress-schemas.ts';
import type { LeadProgressService } from './lead-progress-service.ts';

export interface LeadDeps {
  accounts: ApiAccountService;
  leads: LeadService;
  progress: LeadProgressService;
}

const tags = ['Leads'];
const auth = ({ accounts }: LeadDeps) => [apiKeyAuth(accounts)];
const authOnce = ({ accounts }: LeadDeps) => [apiKeyAuth(accounts), idempotencyKey(accounts.idempotency)];
const leadId = pathParam('id', 'lead (application) id', { type: 'integer', minimum: 1, maximum: MAX_ID });
const noLead = errorResponse("No such lead on this account's listings");

const filtersOf = (q: { updated_since: string | null; listing: string | null; status: string | null }) => ({
  updatedSince: instantOf(q.updated_since),
  listing: q.listing,
  status: q.status,
});

function idOf(raw: string | undefined): number {
  const id = pathId(raw);
  if (!id) throw new NotFoundError(`Lead ${raw} was not found`);
  return id;
}

export const leadRoutes = defineRoutes<LeadDeps, SyncState>([
  route({
    method: 'get',
    path: '/api/rest/leads',
    tags,
    operationId: 'listLeads',
    summary: "Leads (applications) on the account's listings, oldest change first",
    use: auth,
    query: restLeadQuery,
    responses: { 200: json(pagedEnvelope(ref('Lead'))), 422: validationResponse },
    async handler(ctx, input, { leads }) {
      const query = input.query();
      const { items, total } = await leads.list(ctx.state.account, query, filtersOf(query));
      ctx.body = paginated(items.map(presentLead), query, total, ctx.state.url);
    },
  }),
  route({
    method: 'post',
    path: '/api/rest/leads',
    tags,
    operationId: 'pushLead',
    summary:
      "Push a lead from another platform on one of the account's live listings (a partner's: a marketplace listing): kept as pushed, with that source, status incomplete and no decision; it belongs to no customer account",
    use: authOnce,
    headers: [idempotencyKeyHeader],
    body: pushedLeadSchema,
    bodyComponent: 'PushedLead',
    withoutBody: 'none',
    responses: {
      201: json(ref('Lead'), 'Created'),
      404: errorResponse('No such live listing for this account'),
      422: validationResponse,
      503: engineUnavailable,
    },
    async handler(ctx, input, { leads }) {
      const lead = input.body();
      ctx.status = 201;
      ctx.body = presentLead(await leads.push(ctx.state.account, lead));
    },
  }),
  route({
    method: 'get',
    path: '/api/rest/leads/:id',
    tags,
    operationId: 'getLead',
    summary: "One lead on the account's listings",
    use: auth,
    parameters: [leadId],
    responses: { 200: json(ref('Lead')), 404: noLead },
    async handler(ctx, _input, { leads }) {
      ctx.body = presentLead(await leads.get(ctx.state.account, idOf(ctx.params.id)));
    },
  }),
  route({
    method: 'patch',
    path: '/api/rest/leads/:id',
    tags,
    operationId: 'moveLead',
    summary:
      "Move the lead along its stages: the progress the applicant sees (stage, place in the queue, note), set as a whole. A change is e-mailed to the applicant once and sent as lead.updated; the same progress again changes nothing",
    use: auth,
    parameters: [leadId],
    body: leadProgressSchema,
    bodyComponent: 'LeadProgress',
    withoutBody: 'none',
    responses: {
      200: json(ref('Lead')),
     
      404: noLead,
      422: validationResponse,
    },
    async handler(ctx, input, { progress }) {
      const id = idOf(ctx.params.id);
      ctx.body = presentLead(await progress.move(ctx.state.account, id, input.body()));
    },
  }),
  route({
    method: 'get',
    path: '/api/bulk/leads',
    tags: ['Bulk'],
    operationId: 'bulkPullLeads',
    summary: 'All leads changed since `updated_since`, pages of up to 1000 (premium)',
    use: (deps) => [...auth(deps), premiumOnly],
    query: bulkLeadQuery,
    responses: {
      200: json(pagedEnvelope(ref('Lead'))),
     
      403: errorResponse('Basic accounts cannot call premium-only operations'),
      422: validationResponse,
    },
    async handler(ctx, input, { leads }) {
      const query = input.query();
      const { items, total } = await leads.list(ctx.state.account, query, filtersOf(query));
      ctx.body = paginated(items.map(presentLead), query, total, ctx.state.url);
    },
  }),
], API_KEY_ROUTES);
