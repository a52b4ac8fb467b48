// A BLM record as one of our homes (docs/feeds.md, "What each code becomes"): every value read from
// its column, what the file does not say left null, what has no place here said in the warnings, and a
// record that cannot be a home refused with the column at fault.
import { blmAvailability, blmMonthlyRent, furnitureOf, tenureOf } from '../feed-codes.ts';
import { feedRef, type FeedHome, type FeedImage, type FeedRow, type SharedOwnershipPrice } from '../feed-home.ts';
import { addressPart, councilTaxBandOf, fitted, isHttpUrl, postcodeOf, priceOf, RowProblems, typeOf } from '../feed-rules.ts';
import { htmlToText, MAX_DESCRIPTION_CHARS, MAX_LINE_CHARS, parseCount, parseFeedDate, parseMoney, plainLine, withoutControls } from '../feed-text.ts';

const SQ_M_PER_SQ_FT = 0.09290304;
const two = (n: number) => String(n).padStart(2, '0');

function media(record: Record<string, string>, kind: string, from: number, to: number, problems: RowProblems): FeedImage[] {
  const found: FeedImage[] = [];
  for (let n = from; n <= to; n++) {
    const value = (record[`MEDIA_${kind}_${two(n)}`] ?? '').trim();
    if (value === '') continue;
    const caption = plainLine(record[`MEDIA_${kind}_TEXT_${two(n)}`]).slice(0, 255);
    if (isHttpUrl(value)) found.push({ source: { url: value }, caption });
    else if (/^[^/\\]+\.[a-z0-9]{2,5}$/i.test(value)) found.push({ source: { file: value }, caption });
    else problems.warn(`MEDIA_${kind}_${two(n)} (${value.slice(0, 60)}) is neither a file name nor an http(s) URL: left out`);
  }
  return found;
}

const urls = (record: Record<string, string>, kind: string, from: number, to: number) => {
  const found: string[] = [];
  for (let n = from; n <= to; n++) {
    const value = (record[`MEDIA_${kind}_${two(n)}`] ?? '').trim();
    if (isHttpUrl(value)) found.push(value);
  }
  return found;
};

function floorArea(record: Record<string, string>): number | null {
  const size = parseMoney(record.MAX_SIZE_ENTERED) ?? parseMoney(record.MIN_SIZE_ENTERED);
  if (size === null || Number.isNaN(size) || size <= 0) return null;
  const unit = parseCount(record.AREA_SIZE_UNIT_ID);
  if (unit === 1) return Math.round(size * SQ_M_PER_SQ_FT * 10) / 10;
  if (unit === 2) return size;
  return null;
}

const flag = (text: string | undefined) => /^(y|yes|1|true)$/i.test((text ?? '').trim());

/**
 * The record with what no text may hold taken out, each such value an error of its column: a NUL
 * (PostgreSQL text cannot hold one) and a value longer than a feed may send (checked before any
 * cleaning, so that no value costs more than its limit). Other control characters the cleaning removes.
 */
function checkedRecord(record: Record<string, string>, problems: RowProblems, heldNul: string[]): Record<string, string> {
  const checked: Record<string, string> = {};
  for (const [column, value] of Object.entries(record)) {
    const max = column === 'DESCRIPTION' ? MAX_DESCRIPTION_CHARS : MAX_LINE_CHARS;
    if (heldNul.includes(column)) {
      problems.error(column, 'holds a NUL character');
      checked[column] = value;
    } else if (value.length > max) {
      problems.error(column, `longer than ${max.toLocaleString('en-GB')} characters`);
      checked[column] = '';
    } else if (value.includes('\u0000')) {
      problems.error(column, 'holds a NUL character');
      checked[column] = value.replaceAll('\u0000', '');
    } else checked[column] = value;
  }
  return checked;
}

/** `heldNul`: the columns that held a NUL before the record was kept (the import takes them out to store it). */
export function blmHome(raw: Record<string, string>, meaning: SharedOwnershipPrice, heldNul: string[] = []): FeedRow {
  const problems = new RowProblems();
  const record = checkedRecord(raw, problems, heldNul);
  const agentRef = withoutControls(record.AGENT_REF ?? '').trim();
  const branch = withoutControls(record.BRANCH_ID ?? '').trim();
  if (agentRef === '') problems.error('AGENT_REF', 'no agent reference');
  if (branch === '') problems.error('BRANCH_ID', 'no branch');
  const ref = feedRef(branch, agentRef);
  if (agentRef !== '' && ref.length > 100) problems.error('AGENT_REF', 'longer than 80 characters');

  const postcode = postcodeOf(problems, 'POSTCODE1', `${record.POSTCODE1 ?? ''} ${record.POSTCODE2 ?? ''}`);
  const trans = parseCount(record.TRANS_TYPE_ID);
  if (trans !== 1 && trans !== 2) problems.error('TRANS_TYPE_ID', 'must be 1 (for sale) or 2 (to let)');
  const forSale = trans !== 2;
  const bedrooms = parseCount(record.BEDROOMS);
  if (bedrooms === null) problems.error('BEDROOMS', 'no number of bedrooms');
  const summary = plainLine(record.SUMMARY);
  const type = typeOf(problems, 'PROP_SUB_ID', parseCount(record.PROP_SUB_ID), bedrooms, `${summary} ${plainLine(record.DISPLAY_ADDRESS)}`);
  const status = blmAvailability(parseCount(record.STATUS_ID));
  if (!status) problems.error('STATUS_ID', 'must be a status from 0 (available) to 5 (let agreed)');
  problems.warn(status?.lost ?? null);

  const qualifier = parseCount(record.PRICE_QUALIFIER);
  const sharePercent = parseMoney(record.SHARED_OWNERSHIP_PERCENTAGE);
  const price = priceOf(problems, 'PRICE', 'LET_RENT_FREQUENCY', {
    forSale,
    price: parseMoney(record.PRICE),
    qualifier,
    sharedOwnership: flag(record.SHARED_OWNERSHIP),
    sharePercent: sharePercent !== null && !Number.isNaN(sharePercent) ? sharePercent : null,
    meaning,
    monthlyRent: (rent) => blmMonthlyRent(rent, parseCount(record.LET_RENT_FREQUENCY)),
  });

  const tenure = tenureOf(parseCount(record.TENURE_TYPE_ID));
  problems.warn(tenure.note);
  const soRent = parseMoney(record.SHARED_OWNERSHIP_RENT);
  const soRentMonthly = soRent === null || Number.isNaN(soRent) ? null : (blmMonthlyRent(soRent, parseCount(record.SHARED_OWNERSHIP_RENT_FREQUENCY) ?? 1)?.monthly ?? null);
  const serviceCharge = parseMoney(record.ANNUAL_SERVICE_CHARGE);
  const groundRent = parseMoney(record.ANNUAL_GROUND_RENT);
  const money = (v: number | null) => (v === null || Number.isNaN(v) || v < 0 ? null : v);
  if (record.LET_DATE_AVAILABLE && parseFeedDate(record.LET_DATE_AVAILABLE)) problems.warn('the date available is not shown');
  if (parseMoney(record.GROUND_RENT_REVIEW_PERIOD_YEARS) !== null) problems.warn('the ground rent review period is not shown');
  if ((record.MEDIA_IMAGE_60 ?? '').trim() !== '' || (record.MEDIA_DOCUMENT_50 ?? '').trim() !== '') problems.warn('the EPC is sent as a picture or a document: its ratings are not known, shown as "Ask the provider"');

  const address1 = addressPart(record.ADDRESS_1);
  const town = addressPart(record.TOWN) || addressPart(record.ADDRESS_3) || addressPart(record.ADDRESS_2);
  const displayAddress = fitted(problems, 'DISPLAY_ADDRESS', addressPart(record.DISPLAY_ADDRESS) || [address1, addressPart(record.ADDRESS_2), town].filter(Boolean).join(', ') || postcode || agentRef, 500);
  const features = Array.from({ length: 10 }, (_, i) => plainLine(record[`FEATURE${i + 1}`]).slice(0, 255)).filter(Boolean);
  const description = htmlToText(record.DESCRIPTION ?? '');

  if (problems.errors.length || !type || !status || !price || bedrooms === null || !postcode) {
    return { agentRef, home: null, errors: problems.errors, warnings: problems.warnings };
  }
  const home: FeedHome = {
    branch,
    agentRef,
    ref,
    developmentName: address1 || displayAddress,
    developmentKey: (record.DEVELOPMENT_REF ?? '').trim() || null,
    displayAddress,
    town,
    postcode,
    latitude: null,
    longitude: null,
    newHome: flag(record.NEW_HOME_FLAG),
    forSale,
    published: (record.PUBLISHED_FLAG ?? '1').trim() !== '0',
    property: {
      propertyNumber: fitted(problems, 'ADDRESS_1', address1 || agentRef, 50),
      propertyType: type.label,
      propertyTypeGroup: type.group,
      bedrooms,
      bathrooms: parseCount(record.BATHROOMS),
      receptionRooms: parseCount(record.LIVING_ROOMS),
      furnitureStatus: forSale ? null : furnitureOf(parseCount(record.LET_FURN_ID)),
      floorArea: floorArea(record),
      tenure: tenure.tenure,
      leaseYears: tenure.tenure === 'leasehold' ? parseCount(record.TENURE_UNEXPIRED_YEARS) : null,
      features,
      availabilityStatus: price.comingSoon && status.code === 'available' ? 'coming-soon' : status.code,
      isSharedOwnership: price.isSharedOwnership,
      fullMarketPrice: price.fullMarketPrice,
      minSharePercentage: price.minSharePercentage,
      subsidisedMonthlyRent: price.isSharedOwnership ? money(soRentMonthly === null ? null : Math.round(soRentMonthly * 100) / 100) : null,
      monthlyServiceCharge: forSale && money(serviceCharge) !== null ? Math.round((serviceCharge! / 12) * 100) / 100 : null,
      annualGroundRent: forSale ? money(groundRent) : null,
      councilTaxBand: councilTaxBandOf(problems, record.COUNCIL_TAX_BAND ?? ''),
      monthlyRent: price.monthlyRent,
      rentalDeposit: forSale ? null : money(parseMoney(record.LET_BOND)),
    },
    summary: summary ? fitted(problems, 'SUMMARY', summary, 512) : null,
    description: description ? fitted(problems, 'DESCRIPTION', description, 50_000) : null,
    images: media(record, 'IMAGE', 0, 59, problems),
    floorplans: media(record, 'FLOOR_PLAN', 0, 99, problems),
    brochures: urls(record, 'DOCUMENT', 0, 49),
    tours: urls(record, 'VIRTUAL_TOUR', 0, 99),
    schemes: price.schemes,
    updatedAt: parseFeedDate(record.UPDATE_DATE),
  };
  return { agentRef, home, errors: [], warnings: problems.warnings };
}
