// Rightmove's Real Time Datafeed calls, answered in RTDF's envelope: the key in the X-Api-Key header (or
// api_key), the body validated at once (every error, 400 with success false), fields of another RTDF
// version listed as warnings.
import type { Middleware } from 'koa';
import type * as yup from 'yup';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../../core/errors.ts';
import { validateBody } from '../../core/validation.ts';
import { clip, MAX_ECHO_CHARS } from '../../core/error-payload.ts';
import { defineRoutes, route } from '../../core/route-table.ts';
import { errorResponse, json, ref } from '../../core/openapi/schema-helpers.ts';
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

/** A value an answer quotes back: a long text clipped, a large object or array left out (null). */
function echoed(value: unknown): unknown {
  if (typeof value === 'string') return clip(value);
  if (value === null || typeof value !== 'object') return value;
  return JSON.stringify(value).length <= MAX_ECHO_CHARS ? value : null;
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
    warnings: unknownPaths(body, schema).map((path) => ({ code: 'NOT_USED', description: `${clip(path)} is not used here (a field of another RTDF version, or one nothing of ours holds)`, value: echoed(valueAt(body, path.replace(/\[\]/g, '[0]'))) })),
  };
  try {
    return { value: validateBody(schema, body), problems };
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    for (const [field, messages] of Object.entries(err.errors)) {
      for (const message of messages) problems.errors.push({ code: 'INVALID_VALUE', error: { field: field === '' ? 'body' : clip(field), message: clip(message) }, value: echoed(valueAt(body, field)) });
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

export interface RtdfDeps {
  accounts: ApiAccountService;
  rtdf: RtdfService;
  publicBaseUrl: string | null;
}

const tags = ['RTDF'];
const doc = { security: [{ apiKeyHeader: [] }, { apiKey: [] }] };
const auth = ({ accounts }: RtdfDeps) => [rtdfKeyAuth(accounts)];
const common = {
  401: errorResponse('Missing, unknown or deprecated key (X-Api-Key header or api_key)'),
  403: errorResponse('The account cannot hold inventory'),
};
const invalid = json(
  { anyOf: [ref('RtdfResponse'), ref('Error')] },
  'The request is not valid: RTDF\'s envelope with success false and every error; or `{message}` when the body is not well-formed JSON, or holds a `__proto__` key at any depth',
);
const portalUrl = ({ publicBaseUrl }: RtdfDeps, origin: string) => (slug: string) => `${publicBaseUrl ?? origin}/listings/${slug}`;
const notValid = 'The request is not valid';

// the body is read in RTDF's way (every error in its envelope, unused fields as warnings), against the
// schema the document shows
export const rtdfRoutes = defineRoutes<RtdfDeps, SyncState>([
  route({
    method: 'post',
    path: `${RTDF_PREFIX}/sendpropertydetails`,
    tags,
    operationId: 'rtdfSendPropertyDetails',
    summary: "Creates or updates one home from Rightmove's SendPropertyDetails request (docs/feeds.md); fields of another RTDF version are warnings",
    doc,
    use: auth,
    body: sendPropertyBody,
    responses: { 200: json(ref('RtdfResponse'), 'Stored (with warnings for what is not shown)'), 400: invalid, ...common },
    async handler(ctx, _input, deps) {
      const received = new Date();
      const { value, problems } = read(sendPropertyBody, ctx.request.body);
      if (!value) {
        ctx.status = 400;
        ctx.body = presentRtdf(ctx.state.requestId, received, notValid, null, problems);
        return;
      }
      const outcome = await deps.rtdf.send(ctx.state.account, value, portalUrl(deps, ctx.state.url.origin));
      const all = withOutcome(problems, outcome);
      ctx.status = outcome.ok ? 200 : 400;
      ctx.body = presentRtdf(ctx.state.requestId, received, outcome.ok ? (all.warnings.length ? 'The property was stored, with warnings' : 'The property was stored') : 'The property is not a home this service can list', outcome.property, all);
    },
  }),
  route({
    method: 'post',
    path: `${RTDF_PREFIX}/removeproperty`,
    tags,
    operationId: 'rtdfRemoveProperty',
    summary: 'Withdraws one home (RemoveProperty)',
    doc,
    use: auth,
    body: removePropertyBody,
    responses: { 200: json(ref('RtdfResponse'), 'Removed'), 400: invalid, 404: json(ref('RtdfResponse'), 'No live property of that agent_ref in the branch'), ...common },
    async handler(ctx, _input, { rtdf }) {
      const received = new Date();
      const { value, problems } = read(removePropertyBody, ctx.request.body);
      if (!value) {
        ctx.status = 400;
        ctx.body = presentRtdf(ctx.state.requestId, received, notValid, null, problems);
        return;
      }
      const outcome = await rtdf.remove(ctx.state.account, value);
      ctx.status = outcome.ok ? 200 : 404;
      ctx.body = presentRtdf(ctx.state.requestId, received, outcome.ok ? 'The property was removed' : 'No such property', outcome.property, withOutcome(problems, outcome));
    },
  }),
  route({
    method: 'post',
    path: `${RTDF_PREFIX}/getbranchpropertylist`,
    tags,
    operationId: 'rtdfGetBranchPropertyList',
    summary: "The branch's live homes of the channel, for reconciliation (GetBranchPropertyList)",
    doc,
    use: auth,
    body: branchPropertyListBody,
    responses: { 200: json(ref('RtdfBranchPropertyList')), 400: invalid, ...common },
    async handler(ctx, _input, deps) {
      const received = new Date();
      const { value, problems } = read(branchPropertyListBody, ctx.request.body);
      if (!value) {
        ctx.status = 400;
        ctx.body = presentRtdf(ctx.state.requestId, received, notValid, null, problems);
        return;
      }
      const listings = await deps.rtdf.branchList(ctx.state.account, value, portalUrl(deps, ctx.state.url.origin));
      ctx.body = presentBranchList(ctx.state.requestId, received, { branch_id: value.branch.branch_id, channel: value.branch.channel }, listings, problems);
    },
  }),
]);
