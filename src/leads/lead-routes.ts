// Leads in the synchronisation interfaces: REST pull and push under /api/rest/, bulk pull under /api/bulk/.
import Router from '@koa/router';
import { paginated } from '../core/envelope.ts';
import { validateBody, validateQuery } from '../core/validation.ts';
import { NotFoundError } from '../core/errors.ts';
import { apiKeyAuth, premiumOnly, type SyncState } from '../api-accounts/api-key-auth.ts';
import type { ApiAccountService } from '../api-accounts/api-account-service.ts';
import { bodyOf } from '../sync-api/sync-routes.ts';
import { instantOf } from '../sync-api/sync-query.ts';
import { presentLead } from './lead-presenter.ts';
import { bulkLeadQuery, pushedLeadSchema, restLeadQuery } from './lead-schemas.ts';
import type { LeadService } from './lead-service.ts';
import { pathId } from '../core/path-id.ts';
import { leadProgressSchema } from './lead-progress-schemas.ts';
import type { LeadProgressService } from './lead-progress-service.ts';

export function leadRoutes(accounts: ApiAccountService, leads: LeadService, progress: LeadProgressService): Router<SyncState> {
  const router = new Router<SyncState>();
  const auth = apiKeyAuth(accounts);
  const filtersOf = (q: { updated_since: string | null; listing: string | null; status: string | null }) => ({
    updatedSince: instantOf(q.updated_since),
    listing: q.listing,
    status: q.status,
  });

  router.get('/api/rest/leads', auth, async (ctx) => {
    const query = validateQuery(restLeadQuery, ctx.query);
    const { items, total } = await leads.list(ctx.state.account, query, filtersOf(query));
    ctx.body = paginated(items.map(presentLead), query, total, ctx.state.url);
  });
  router.post('/api/rest/leads', auth, async (ctx) => {
    const lead = validateBody(pushedLeadSchema, bodyOf(ctx));
    ctx.status = 201;
    ctx.body = presentLead(await leads.push(ctx.state.account, lead));
  });
  router.get('/api/rest/leads/:id', auth, async (ctx) => {
    const id = pathId(ctx.params.id);
    if (!id) throw new NotFoundError(`Lead ${ctx.params.id} was not found`);
    ctx.body = presentLead(await leads.get(ctx.state.account, id));
  });
  router.patch('/api/rest/leads/:id', auth, async (ctx) => {
    const id = pathId(ctx.params.id);
    if (!id) throw new NotFoundError(`Lead ${ctx.params.id} was not found`);
    const body = validateBody(leadProgressSchema, bodyOf(ctx));
    ctx.body = presentLead(await progress.move(ctx.state.account, id, body));
  });
  router.get('/api/bulk/leads', auth, premiumOnly, async (ctx) => {
    const query = validateQuery(bulkLeadQuery, ctx.query);
    const { items, total } = await leads.list(ctx.state.account, query, filtersOf(query));
    ctx.body = paginated(items.map(presentLead), query, total, ctx.state.url);
  });
  return router;
}
