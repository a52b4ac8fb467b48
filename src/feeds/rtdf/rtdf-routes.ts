// Rightmove's Real Time Datafeed calls, answered in RTDF's envelope: the key in the X-Api-Key header (or
// api_key), the body validated at once (every error, 400 with success false), fields of another RTDF
// version listed as warnings.
import Router from '@koa/router';
import type { Middleware } from 'koa';
import type * as yup from 'yup';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../../core/errors.ts';
import { validateBody } from '../../core/validation.ts';
import type { SyncState } from '../../api-accounts/api-key-auth.ts';
import type { ApiAccountService } from '../../api-accounts/api-account-service.ts';
import { branchPropertyListBody, removePropertyBody, sendPropertyBody, unknownPaths } from './rtdf-schemas.ts';
import { presentBranchList, presentRtdf, type RtdfProblems } from './rtdf-presenter.ts';
import type { RtdfOutcome, RtdfService } from './rtdf-service.ts';

export const RTDF_PREFIX = '/api/rtdf/property';

/** The account of the key in `X-Api-Key` or `api_key`; it must hold inventory. */
export function rtdfKeyAuth(accounts: ApiAccountService): Middleware<SyncState> {
  return async (ctx, next) => {
    const header = ctx.get('X-Api-Key');
    const key = header !== '' ? header : ctx.query.api_key;
    if (typeof key !== 'string' || key === '') throw new UnauthorizedError('An X-Api-Key header (or api_key query parameter) is required');
    const account = await accounts.authenticate(key);
    if (!account) throw new UnauthorizedError('The key is unknown or deprecated');
    if (account.housingProviderId === null) throw new ForbiddenError('This account has no housing provider and cannot hold inventory');
    ctx.state.account = account;
    await next();
  };
}

function valueAt(body: unknown, path: string): unknown {
  let at: unknown = body;
  for (const part of path.replace(/\[(\d+)\]/g, '.$1').split('.').filter(Boolean)) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** The request read: its typed body, or every error; and the fields this service does not use. */
function read<S extends yup.AnyObjectSchema>(schema: S, body: unknown): { value: yup.InferType<S> | null; problems: RtdfProblems } {
  const problems: RtdfProblems = {
    errors: [],
    warnings: unknownPaths(body, schema).map((path) => ({ code: 'NOT_USED', description: `${path} is not used here (a field of another RTDF version, or one nothing of ours holds)`, value: valueAt(body, path.replace(/\[\]/g, '[0]')) })),
  };
  try {
    return { value: validateBody(schema, body), problems };
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    for (const [field, messages] of Object.entries(err.errors)) {
      for (const message of messages) problems.errors.push({ code: 'INVALID_VALUE', error: { field: field === '' ? 'body' : field, message }, value: valueAt(body, field) });
    }
    return { value: null, problems };
  }
}

function withOutcome(problems: RtdfProblems, outcome: RtdfOutcome): RtdfProblems {
  return {
    errors: [...problems.errors, ...(outcome.ok ? [] : outcome.errors.map((error) => ({ code: outcome.notFound ? 'NOT_FOUND' : 'NOT_A_HOME', error, value: null })))],
    warnings: [...problems.warnings, ...outcome.warnings.map((description) => ({ code: 'NOT_SHOWN', description, value: null }))],
  };
}

export function rtdfRoutes(accounts: ApiAccountService, rtdf: RtdfService, publicBaseUrl: string | null): Router<SyncState> {
  const router = new Router<SyncState>({ prefix: RTDF_PREFIX });
  const auth = rtdfKeyAuth(accounts);
  const portalUrl = (origin: string) => (slug: string) => `${publicBaseUrl ?? origin}/listings/${slug}`;

  router.post('/sendpropertydetails', auth, async (ctx) => {
    const received = new Date();
    const { value, problems } = read(sendPropertyBody, ctx.request.body);
    if (!value) {
      ctx.status = 400;
      ctx.body = presentRtdf(ctx.state.requestId, received, 'The request is not valid', null, problems);
      return;
    }
    const outcome = await rtdf.send(ctx.state.account, value, portalUrl(ctx.state.url.origin));
    const all = withOutcome(problems, outcome);
    ctx.status = outcome.ok ? 200 : 400;
    ctx.body = presentRtdf(ctx.state.requestId, received, outcome.ok ? (all.warnings.length ? 'The property was stored, with warnings' : 'The property was stored') : 'The property is not a home this service can list', outcome.property, all);
  });

  router.post('/removeproperty', auth, async (ctx) => {
    const received = new Date();
    const { value, problems } = read(removePropertyBody, ctx.request.body);
    if (!value) {
      ctx.status = 400;
      ctx.body = presentRtdf(ctx.state.requestId, received, 'The request is not valid', null, problems);
      return;
    }
    const outcome = await rtdf.remove(ctx.state.account, value);
    ctx.status = outcome.ok ? 200 : 404;
    ctx.body = presentRtdf(ctx.state.requestId, received, outcome.ok ? 'The property was removed' : 'No such property', outcome.property, withOutcome(problems, outcome));
  });

  router.post('/getbranchpropertylist', auth, async (ctx) => {
    const received = new Date();
    const { value, problems } = read(branchPropertyListBody, ctx.request.body);
    if (!value) {
      ctx.status = 400;
      ctx.body = presentRtdf(ctx.state.requestId, received, 'The request is not valid', null, problems);
      return;
    }
    const listings = await rtdf.branchList(ctx.state.account, value, portalUrl(ctx.state.url.origin));
    ctx.body = presentBranchList(ctx.state.requestId, received, { branch_id: value.branch.branch_id, channel: value.branch.channel }, listings, problems);
  });
  return router;
}
