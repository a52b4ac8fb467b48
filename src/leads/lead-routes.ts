// Leads in the synchronisation interfaces: REST pull and push under /api/rest/, bulk pull under /api/bulk/.
import Router from '@koa/router';
import { paginated, parsePage } from '../core/envelope.ts';
import { validate, bodyOrEmpty } from '../core/validation.ts';
import { NotFoundError } from '../core/errors.ts';
import { apiKeyAuth, premiumOnly, type SyncState } from '../sync/api-key-auth.ts';
import type { ApiAccountService } from '../sync/api-account-service.ts';
import { presentLead } from './lead-presenter.ts';
import { parseLeadQuery, pushedLeadSchema } from './lead-schemas.ts';
import type { LeadService } from './lead-service.ts';
import { pathId } from '../core/path-id.ts';

const BULK_PAGE = 1000;

export function leadRoutes(accounts: ApiAccountService, leads: LeadService): Router<SyncState> {
  const router = new Router<SyncState>();
  const auth = apiKeyAuth(accounts);

  router.get('/api/rest/leads', auth, async (ctx) => {
    const page = parsePage(ctx.query);
    const { items, total } = await leads.list(ctx.state.account, page, parseLeadQuery(ctx.query));
    ctx.body = paginated(items.map(presentLead), page, total, ctx.state.url);
  });
  router.post('/api/rest/leads', auth, async (ctx) => {
    const lead = validate(pushedLeadSchema, bodyOrEmpty(ctx.request.body));
    ctx.status = 201;
    ctx.body = presentLead(await leads.push(ctx.state.account, lead));
  });
  router.get('/api/rest/leads/:id', auth, async (ctx) => {
    const id = pathId(ctx.params.id);
    if (!id) throw new NotFoundError(`Lead ${ctx.params.id} was not found`);
    ctx.body = presentLead(await leads.get(ctx.state.account, id));
  });
  router.get('/api/bulk/leads', auth, premiumOnly, async (ctx) => {
    const page = parsePage(ctx.query, { defaultSize: BULK_PAGE, maxSize: BULK_PAGE });
    const { items, total } = await leads.list(ctx.state.account, page, parseLeadQuery(ctx.query));
    ctx.body = paginated(items.map(presentLead), page, total, ctx.state.url);
  });
  return router;
}
