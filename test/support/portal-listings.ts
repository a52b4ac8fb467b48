// The browser tests' small marketplaces: a development of one or more homes and its listing, pushed
// through the synchronisation API, each call checked.
import { expect } from 'chai';
import { api } from './api.ts';
import { developmentPayload, listingPayload, propertyPayload, withKey, type TestAccount } from './factories.ts';

/** A PUT that must be taken (200 or 201). */
export async function putTaken(path: string, body: object, query: ReturnType<typeof withKey>) {
  const res = await api.put(path, body, query);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).to.be.oneOf([200, 201]);
  return res;
}

export interface MarketPlace {
  postcode: string;
  town: string;
  /** the development's point, from the number in its ref */
  pointOf(i: number): { latitude: number; longitude: number };
  /** how its homes are numbered: "Home 1", "Flat 1" */
  homeWord: string;
}

/** A development of one or more homes (`<ref>-0`, `<ref>-1`, …) and its listing `ref`, searchable once pushed. */
export async function pushListing(
  place: MarketPlace,
  account: TestAccount,
  ref: string,
  homes: Record<string, unknown>[],
  listing: Record<string, unknown>,
  dev: Record<string, unknown> = {},
) {
  const k = withKey(account);
  const i = Number(ref.replace(/\D/g, '') || 0);
  await putTaken(
    `/api/rest/inventory/developments/${ref}`,
    developmentPayload({
      name: listing.name,
      postcode: place.postcode,
      ...place.pointOf(i),
      displayAddress: `${String(listing.name)}, ${place.town}`,
      localAreaName: place.town,
      ...dev,
    }),
    k,
  );
  const refs: string[] = [];
  for (const [n, home] of homes.entries()) {
    refs.push(`${ref}-${n}`);
    await putTaken(`/api/rest/inventory/properties/${ref}-${n}`, propertyPayload(ref, { propertyNumber: `${place.homeWord} ${n + 1}`, ...home }), k);
  }
  await putTaken(
    `/api/rest/listings/${ref}`,
    listingPayload(ref, refs, { eligibility: {}, registerInterestFields: { eligibilityFields: [], priorityFields: [] }, ...listing }),
    withKey(account, { refresh: 'wait_for' }),
  );
}
