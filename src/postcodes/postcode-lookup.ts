// Where a full postcode is and which local authority it lies in: from the imported postcode data
// ("Postcode": the sample, or an operator's ONSPD import) first, else from the national postcode file
// ("NationalPostcode", every UK postcode). One indexed read each; nothing is held in memory.
import type { Prisma } from '../generated/prisma/client.ts';

export const NATIONAL_POSTCODES_DATASET = 'national-postcodes';

export interface PostcodeRecord {
  /** normalised, e.g. "LS1 4AP" */
  postcode: string;
  district: string;
  latitude: number;
  longitude: number;
  /** null only when the national file names a local authority the reference data lacks */
  localAuthorityId: number | null;
}

type Reader = Pick<Prisma.TransactionClient, '$queryRaw'>;

/** The postcode (already normalised) or null when neither source holds it: one round trip. */
export async function findPostcode(db: Reader, postcode: string): Promise<PostcodeRecord | null> {
  const [found] = await db.$queryRaw<PostcodeRecord[]>`
    SELECT postcode, district, latitude, longitude, "localAuthorityId" FROM (
      SELECT p.postcode, p.district, p.latitude, p.longitude, p."localAuthorityId", 0 AS source FROM "Postcode" p WHERE p.postcode = ${postcode}
      UNION ALL
      SELECT n.postcode, n.district, n.latitude, n.longitude, la.id, 1
      FROM "NationalPostcode" n LEFT JOIN "LocalAuthority" la ON la.code = n."localAuthorityCode" WHERE n.postcode = ${postcode}
    ) found ORDER BY source LIMIT 1`;
  return found ?? null;
}

/** Whether the national postcode file has been loaded (`npm run db:postcodes`). */
export async function nationalPostcodesLoaded(db: Pick<Prisma.TransactionClient, 'referenceDataset'>): Promise<boolean> {
  return (await db.referenceDataset.findUnique({ where: { name: NATIONAL_POSTCODES_DATASET } })) !== null;
}
