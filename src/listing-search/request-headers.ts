// Portal-Id and Accept-Version, on search and listing reads.
import { ValidationError } from '../core/errors.ts';
import { MAX_ID } from '../core/validation.ts';
import { DEFAULT_PORTAL_ID, type Portal, type PortalService } from '../portals/portal-settings.ts';

export const SUPPORTED_VERSIONS = [1];

export async function portalFromHeaders(headers: Record<string, string | string[] | undefined>, portals: PortalService): Promise<Portal> {
  const errors: Record<string, string[]> = {};
  const version = headers['accept-version'];
  if (version !== undefined && !SUPPORTED_VERSIONS.includes(Number(version))) errors['Accept-Version'] = [`Accept-Version must be one of ${SUPPORTED_VERSIONS.join(', ')}`];
  const raw = headers['portal-id'];
  let portal: Portal | null = null;
  if (raw === undefined) portal = await portals.find(DEFAULT_PORTAL_ID);
  else if (!/^\d+$/.test(String(raw))) errors['Portal-Id'] = ['Portal-Id must be a portal number'];
  else {
    // a number beyond the ids' integer range names no portal (the database would refuse to compare with it)
    portal = Number(raw) <= MAX_ID ? await portals.find(Number(raw)) : null;
    if (!portal) errors['Portal-Id'] = [`portal ${raw} does not exist`];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors)[0]![0]);
  if (!portal) throw new Error(`the default portal ${DEFAULT_PORTAL_ID} is missing: load the reference data`);
  return portal;
}
