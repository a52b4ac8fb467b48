// An RTDF SendPropertyDetails request as one of our homes: the same rules as a BLM record (feed-rules.ts),
// with RTDF's own codes (status one higher, rent frequency as payments a year) and media by URL only.
import { furnitureOf, rtdfAvailability, rtdfMonthlyRent, tenureOf } from '../feed-codes.ts';
import { feedRef, type FeedHome, type FeedImage, type FeedRow, type SharedOwnershipPrice } from '../feed-home.ts';
import { addressPart, councilTaxBandOf, fitted, isHttpUrl, postcodeOf, priceOf, RowProblems, typeOf } from '../feed-rules.ts';
import { htmlToText, plainLine } from '../feed-text.ts';
import type { SendPropertyRequest } from './rtdf-schemas.ts';

const SQ_M_PER_SQ_FT = 0.09290304;

/** dd-MM-yyyy HH:mm:ss as an instant (taken as UTC); null when absent or not a date. */
export function rtdfDateOf(text: string | null | undefined): Date | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text ?? '');
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)));
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(m[1]) ? null : date;
}

export function rtdfHome(request: SendPropertyRequest, meaning: SharedOwnershipPrice): FeedRow {
  const problems = new RowProblems();
  const { property: p, branch } = request;
  const forSale = branch.channel === 1;
  const branchId = String(branch.branch_id);
  const postcode = postcodeOf(problems, 'property.address.postcode_1', `${p.address.postcode_1} ${p.address.postcode_2}`);
  const summary = plainLine(p.details.summary);
  const type = typeOf(problems, 'property.property_type', p.property_type, p.details.bedrooms, `${summary} ${plainLine(p.address.display_address)}`);
  const status = rtdfAvailability(p.status);
  if (!status) problems.error('property.status', 'must be 1 to 6');
  problems.warn(status?.lost ?? null);
  const pi = p.price_information;
  const price = priceOf(problems, 'property.price_information.price', 'property.price_information.rent_frequency', {
    forSale,
    price: pi.price,
    qualifier: pi.price_qualifier,
    sharedOwnership: pi.shared_ownership === true,
    sharePercent: pi.shared_ownership_percentage,
    meaning,
    monthlyRent: (rent) => rtdfMonthlyRent(rent, pi.rent_frequency),
  });
  const tenure = tenureOf(pi.tenure_type);
  problems.warn(tenure.note);
  const soRent = pi.shared_ownership_rent === null ? null : (rtdfMonthlyRent(pi.shared_ownership_rent, pi.shared_ownership_rent_frequency ?? 12)?.monthly ?? null);

  const images: FeedImage[] = [];
  const floorplans: FeedImage[] = [];
  const brochures: string[] = [];
  const tours: string[] = [];
  const media = [...(p.media ?? [])].sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0));
  for (const item of media) {
    const url = item.media_url.trim();
    if (!isHttpUrl(url)) {
      problems.warn(`media_url ${url.slice(0, 80)} is not an http(s) URL: left out`);
      continue;
    }
    const caption = plainLine(item.caption ?? '').slice(0, 255);
    if (item.media_type === 1) images.push({ source: { url }, caption });
    else if (item.media_type === 2) floorplans.push({ source: { url }, caption });
    else if (item.media_type === 3) brochures.push(url);
    else if (item.media_type === 4) tours.push(url);
    else problems.warn(`media of type ${item.media_type} (${item.media_type >= 6 ? 'EPC' : 'audio tour'}) is not shown${item.media_type >= 6 ? ': the EPC ratings are not known, shown as "Ask the provider"' : ''}`);
  }
  const d = p.details;
  const area = d.internal_area !== null && d.internal_area > 0 ? (d.internal_area_unit === 1 ? Math.round(d.internal_area * SQ_M_PER_SQ_FT * 10) / 10 : d.internal_area_unit === 2 ? d.internal_area : null) : null;
  const agentRef = p.agent_ref.trim();
  const ref = feedRef(branchId, agentRef);
  const address1 = addressPart(p.address.house_name_number);
  const town = addressPart(p.address.town);
  const displayAddress = fitted(problems, 'property.address.display_address', addressPart(p.address.display_address), 500);
  const description = htmlToText(d.description);
  if (problems.errors.length || !type || !status || !price || !postcode) return { agentRef, home: null, errors: problems.errors, warnings: problems.warnings };
  const money = (v: number | null) => (v === null || v < 0 ? null : v);
  const home: FeedHome = {
    branch: branchId,
    agentRef,
    ref,
    developmentName: [address1, addressPart(p.address.address_2 ?? '')].filter(Boolean).join(' ') || displayAddress,
    developmentKey: null,
    displayAddress,
    town,
    postcode,
    latitude: p.address.latitude,
    longitude: p.address.longitude,
    newHome: p.new_home === true,
    forSale,
    published: p.published,
    property: {
      propertyNumber: fitted(problems, 'property.address.house_name_number', address1 || agentRef, 50),
      propertyType: type.label,
      propertyTypeGroup: type.group,
      bedrooms: d.bedrooms,
      bathrooms: d.bathrooms,
      receptionRooms: d.reception_rooms,
      furnitureStatus: forSale ? null : furnitureOf(d.furnished_type),
      floorArea: area,
      tenure: tenure.tenure,
      leaseYears: tenure.tenure === 'leasehold' ? pi.tenure_unexpired_years : null,
      features: (d.features ?? []).map((f) => plainLine(f).slice(0, 255)).filter(Boolean),
      availabilityStatus: price.comingSoon && status.code === 'available' ? 'coming-soon' : status.code,
      isSharedOwnership: price.isSharedOwnership,
      fullMarketPrice: price.fullMarketPrice,
      minSharePercentage: price.minSharePercentage,
      subsidisedMonthlyRent: price.isSharedOwnership && soRent !== null ? Math.round(soRent * 100) / 100 : null,
      monthlyServiceCharge: forSale && money(pi.annual_service_charge) !== null ? Math.round((pi.annual_service_charge! / 12) * 100) / 100 : null,
      annualGroundRent: forSale ? money(pi.annual_ground_rent) : null,
      councilTaxBand: councilTaxBandOf(problems, d.council_tax_band ?? ''),
      monthlyRent: price.monthlyRent,
      rentalDeposit: forSale ? null : money(pi.deposit),
    },
    summary: summary ? fitted(problems, 'property.details.summary', summary, 512) : null,
    description: description ? fitted(problems, 'property.details.description', description, 50_000) : null,
    images,
    floorplans,
    brochures,
    tours,
    schemes: price.schemes,
    updatedAt: rtdfDateOf(p.update_date),
  };
  return { agentRef, home, errors: [], warnings: problems.warnings };
}
