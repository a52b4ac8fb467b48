// A listing's page: gallery, prices, description, its properties (rooms, floorplans, energy charts,
// price history), where it is, open days, similar listings, the favourite toggle and register interest.
// Opened from a preview link (?preview=<token>, one listing, read-only, an hour), an unpublished listing is
// shown with a preview banner. No API key ever travels in a page address.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { ApiError, api, P, type Application, type ListingDetails, type ListingItem, type PropertyDetails, type Schemas } from '../api.ts';
import { useSession } from '../session.ts';
import { ListingGrid } from '../components/ListingCard.tsx';
import { PinMap } from '../components/PinMap.tsx';
import { RatingChart } from '../components/RatingChart.tsx';
import { EpcBadge, MaterialInformation } from '../components/MaterialInformation.tsx';
import { CustomerFields, lookup, valuesOf, type Values } from '../components/CustomerFields.tsx';
import { OpenDays } from '../components/OpenDays.tsx';
import { ProgressStepper } from '../components/ProgressStepper.tsx';
import { Picture } from '../components/Picture.tsx';
import { AffordabilityBadge, Distances, MonthlyCost } from '../components/Affordability.tsx';
import { EligibilityLine } from '../components/Eligibility.tsx';
import { Loading, notReady, Price, Problem, SchemeTags, Section, useLoad, usePageMeta, useTitle } from '../components/common.tsx';
import {
  bedroomsText,
  dayText,
  distinctFeatures,
  priceText,
  firstHomesWithoutFigures,
  homeKindParts,
  money,
  monthlyCostRepeatsRent,
  openBedrooms,
  recentReductionOf,
  rentTerms,
} from '../format.ts';

type FullDetails = Schemas['FullDetails'];
interface GalleryImage {
  largeSize: string;
  mediumSize: string;
  thumbnail: string;
  alternativeText?: string;
  caption?: string;
}

async function loadListing(
  slug: string,
  previewToken: string | null,
  signal: AbortSignal,
): Promise<{ details: FullDetails; preview: boolean }> {
  const path = `${P}/listings/slug/${encodeURIComponent(slug)}/full-details`;
  if (!previewToken) return { details: await api<FullDetails>(path, { signal }), preview: false };
  const [preview, published] = await Promise.all([
    api<FullDetails>(path, { signal, query: { preview: previewToken } }),
    api<FullDetails>(path, { signal, anonymous: true }).then(
      () => true,
      (err: unknown) => (err instanceof ApiError && err.status === 404 ? false : true),
    ),
  ]);
  return { details: preview, preview: !published };
}

export function Listing({ slug }: { slug: string }) {
  const { query } = useLocation();
  const previewToken = query.preview ?? null;
  const signedIn = useSession();
  const loaded = useLoad((signal) => loadListing(slug, previewToken, signal), [slug, previewToken, signedIn]);
  // the reasons the side panel's decision gives (register interest's): the heading's line leaves them to it
  const [decided, setDecided] = useState<string[]>([]);
  useTitle(loaded.data?.details.listing.titleTag || loaded.data?.details.listing.name);
  const shown = loaded.data?.details.listing;
  usePageMeta(shown ? listingDescription(shown) : null, shown && !previewToken ? `/listings/${shown.slug}` : null);

  const waiting = notReady(
    loaded,
    'Listing not found',
    <p>
      <a href="/search">Search for homes</a>
    </p>,
  );
  if (waiting || !loaded.data) return waiting;
  const { listing, properties } = loaded.data.details;
  const all: PropertyDetails[] = listing.singleProperty && listing.propertyDetails ? [listing.propertyDetails] : properties;
  return (
    <div class="wrap listing-page">
      {loaded.data.preview && (
        <div class="preview-banner" role="status">
          <strong>Preview</strong> – this listing is not published. Only people with this preview link can see this page, until it expires.
        </div>
      )}
      <header class="listing-head">
        <div>
          <h1>{listing.name}</h1>
          <p class="card-address">
            {listing.displayAddress}
            {listing.postcode ? `, ${listing.postcode}` : ''}
          </p>
          <SchemeTags schemes={listing.schemes} />
          {listing.featured && <p class="badge badge-featured">Featured</p>}
        </div>
        <div class="listing-price">
          <Price fields={listing} />
          {!monthlyCostRepeatsRent(listing, listing.monthlyCost) && <MonthlyCost amount={listing.monthlyCost} />}
          <Distances fromWork={listing.distanceFromWork} fromHome={listing.distanceFromHome} />
          <EligibilityLine eligibility={listing.eligibility} givenAt={decided.length ? '#register-decision' : undefined} given={decided} />
          {rentTerms(listing).length > 0 && <p class="card-terms">{rentTerms(listing).join(' · ')}</p>}
          {firstHomesWithoutFigures(listing) && <p class="card-terms">First Homes: at least 30% below the market value</p>}
          {listing.priceReducedOn && <p class="reduced">Reduced on {dayText(listing.priceReducedOn)}</p>}
          <p>
            {/* tenure is a buyer's matter: not shown to renters */}
            {[
              // the bedrooms of the homes still to be had, not of those sold or let
              ...homeKindParts(openBedrooms(listing.bedrooms, all), listing.propertyType),
              listing.forSale ? listing.tenure : null,
              listing.availabilityStatus.name,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <FavouriteToggle listing={listing} signedIn={signedIn} onChange={loaded.reload} />
        </div>
      </header>

      <Gallery images={(listing.galleryImages ?? []) as unknown as GalleryImage[]} fallback={listing.mainImage} name={listing.name} />

      <div class="listing-columns">
        <div class="listing-main">
          <Section title="About this development" id="about">
            {(listing.longDescription ?? '')
              .split(/\n{2,}/)
              .filter(Boolean)
              .map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            {listing.localAreaName && <h3>{listing.localAreaName}</h3>}
            {listing.localAreaDescription && <p>{listing.localAreaDescription}</p>}
            {listing.propertyFeatures.length > 0 && <Features features={listing.propertyFeatures} />}
            <p class="muted">Offered by {listing.housingProvider.name}</p>
          </Section>

          <Section title={all.length === 1 ? 'The home' : `The homes (${all.length})`} id="homes">
            {all.map((property) => (
              <PropertyBlock key={property.id} property={property} single={all.length === 1} reducedOn={all.length > 1 ? reductionNews(property, all) : null} />
            ))}
          </Section>

          {listing.brochures && listing.brochures.length > 0 && (
            <Section title="Brochures" id="brochures">
              <ul>
                {listing.brochures.map((url, i) => (
                  <li key={url}>
                    <a href={url}>Brochure {i + 1} (PDF)</a>
                  </li>
                ))}
              </ul>
            </Section>
          )}

          <Section title="Where it is" id="where">
            <PinMap latitude={listing.latitude} longitude={listing.longitude} label={listing.name} />
          </Section>

          {listing.termsAndConditions && (
            <Section title="Terms and conditions" id="terms">
              <p>{listing.termsAndConditions}</p>
            </Section>
          )}
          {listing.disclaimer && <p class="muted">{listing.disclaimer}</p>}
        </div>

        <aside class="listing-side">
          <RegisterInterest listing={listing} properties={all} signedIn={signedIn} onReasons={setDecided} />
        </aside>
      </div>

      <Similar slug={slug} schemes={listing.schemes} />
    </div>
  );
}

function Gallery({ images, fallback, name }: { images: GalleryImage[]; fallback: ListingDetails['mainImage']; name: string }) {
  const all = images.length ? images : fallback ? [{ ...fallback, alternativeText: name }] : [];
  const [shown, setShown] = useState(0);
  if (!all.length) return null;
  const image = all[Math.min(shown, all.length - 1)]!;
  return (
    <section class="gallery" aria-label="Photos">
      <figure>
        <Picture src={image.largeSize} alt={image.alternativeText || `Photo ${shown + 1} of ${name}`} width={1080} height={608} />
        {image.caption && <figcaption>{image.caption}</figcaption>}
      </figure>
      {all.length > 1 && (
        <ul class="thumbs">
          {all.map((img, i) => (
            <li key={img.thumbnail}>
              <button type="button" aria-pressed={i === shown} onClick={() => setShown(i)}>
                <Picture
                  src={img.thumbnail}
                  alt={`Show photo ${i + 1}${img.alternativeText ? `: ${img.alternativeText}` : ''}`}
                  width={120}
                  height={68}
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Features({ features }: { features: { section: string; values: string[] }[] }) {
  return (
    <dl class="features">
      {distinctFeatures(features).map((f) => (
        <div key={f.section}>
          <dt>{f.section}</dt>
          <dd>{f.values.join(', ')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "2 bedrooms apartment", "Studio apartment" (a studio said once) */
function kindLine(bedrooms: number, propertyType: string): string {
  const [first = '', ...rest] = homeKindParts(bedrooms, propertyType);
  return [first, rest.join(' ').toLowerCase()].filter(Boolean).join(' ');
}

const POOL_ORDER = ['available', 'coming-soon', 'under-offer'];

/**
 * A home's latest reduction while it is news, when the home is of the listing's pool (the most advertised
 * of its homes, never a sold or let one): so a reduction of a home other than the headline shows beside it
 * (a listing of one home says its reduction once, by its price at the top).
 */
function reductionNews(home: PropertyDetails, all: PropertyDetails[]): string | null {
  const pool = POOL_ORDER.find((code) => all.some((h) => h.availabilityStatus.code === code));
  return home.availabilityStatus.code === pool ? recentReductionOf(home.priceHistory) : null;
}

function PropertyBlock({ property, single, reducedOn }: { property: PropertyDetails; single: boolean; reducedOn: string | null }) {
  const body = (
    <>
      <Price fields={property} />
      {reducedOn && <p class="reduced">Reduced on {dayText(reducedOn)}</p>}
      {!monthlyCostRepeatsRent(property, property.monthlyCostFrom) && <MonthlyCost amount={property.monthlyCostFrom} />}
      {rentTerms(property).length > 0 && <p class="card-terms">{rentTerms(property).join(' · ')}</p>}
      {/* a standard sale's price line says its deposit (the same figure) */}
      {property.depositNeeded != null && property.isSharedOwnership && (
        <p class="deposit-needed">Deposit needed {money(property.depositNeeded)}</p>
      )}
      {/* a sold or let home is not for this household to afford: no verdict on it */}
      {property.availabilityStatus.code !== 'closed' && <AffordabilityBadge affordability={property.affordability} named={false} />}
      <dl class="facts">
        <div>
          <dt>Bedrooms</dt>
          <dd>{bedroomsText(property.bedrooms)}</dd>
        </div>
        <div>
          <dt>Bathrooms</dt>
          <dd>{property.bathrooms ?? 'Ask the provider'}</dd>
        </div>
        {property.floor && (
          <div>
            <dt>Floor</dt>
            <dd>{property.floor.name}</dd>
          </div>
        )}
        <div>
          <dt>Availability</dt>
          <dd>{property.availabilityStatus.name}</dd>
        </div>
      </dl>
      {property.materialInformation && <MaterialInformation info={property.materialInformation} forSale={property.forSale} />}
      {property.fullSpecifications && <p>{property.fullSpecifications}</p>}
      {property.rooms.length > 0 && (
        <table class="rooms">
          <caption>Rooms</caption>
          <thead>
            <tr>
              <th scope="col">Room</th>
              <th scope="col">Size</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {property.rooms.map((room, i) => (
              <tr key={i}>
                <th scope="row">{room.name}</th>
                <td>{room.width && room.length ? `${room.width} × ${room.length} ${room.units === 'metre' ? 'm' : 'ft'}` : ''}</td>
                <td>{room.additionalDetails ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {property.floorplans.length > 0 && (
        <div class="floorplans">
          <h4>Floorplans</h4>
          <ul class="thumbs">
            {property.floorplans.map((plan) => (
              <li key={plan.url}>
                <a href={plan.url}>
                  <Picture src={plan.thumbnailUrl} alt={plan.alternativeText || 'Floorplan'} width={180} height={120} loading="lazy" />
                </a>
                {plan.caption && <p class="muted">{plan.caption}</p>}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div class="ratings">
        <EpcBadge band={property.materialInformation?.epcBand ?? null} />
        {property.energyEfficiencyRatingCurrent ? (
          <RatingChart
            kind="energy"
            title="Energy efficiency"
            current={property.energyEfficiencyRatingCurrent}
            potential={property.energyEfficiencyRatingPotential || null}
          />
        ) : (
          <p class="rating-unknown">Energy efficiency: Ask the provider</p>
        )}
        {property.environmentalImpactRatingCurrent ? (
          <RatingChart
            kind="environment"
            title="Environmental impact (CO₂)"
            current={property.environmentalImpactRatingCurrent}
            potential={property.environmentalImpactRatingPotential || null}
          />
        ) : (
          <p class="rating-unknown">Environmental impact: Ask the provider</p>
        )}
      </div>
      {property.priceHistory.length > 0 && (
        <table class="price-history">
          <caption>Price history</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Price</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {property.priceHistory.map((entry) => (
              <tr key={`${entry.date}-${entry.price}`}>
                <td>{dayText(entry.date)}</td>
                <td>
                  {money(entry.price)}
                  {property.forSale ? '' : ' a month'}
                </td>
                <td>{entry.change === 'added' ? 'First advertised' : entry.change === 'reduced' ? 'Reduced' : 'Increased'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {property.propertyFeatures.length > 0 && <Features features={property.propertyFeatures} />}
    </>
  );
  if (single) return <div class="property">{body}</div>;
  return (
    <details class="property">
      <summary>
        {property.propertyNumber} – {kindLine(property.bedrooms, property.propertyType)}, {property.availabilityStatus.name.toLowerCase()}
        {reducedOn && <span class="reduced">, reduced on {dayText(reducedOn)}</span>}
      </summary>
      {body}
    </details>
  );
}

function FavouriteToggle({ listing, signedIn, onChange }: { listing: ListingDetails; signedIn: boolean; onChange: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (!signedIn) {
    return (
      <p>
        <a href={`/sign-in?next=${encodeURIComponent(`/listings/${listing.slug}`)}`}>Sign in to save this home</a>
      </p>
    );
  }
  const favourite = listing.favourite === true;
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      if (favourite) await api(`${P}/profile/favourites/${listing.id}`, { method: 'DELETE' });
      else await api(`${P}/profile/favourites`, { method: 'POST', body: { listing: listing.id } });
      onChange();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" class="favourite" aria-pressed={favourite} disabled={busy} onClick={toggle}>
        <span aria-hidden="true">{favourite ? '♥' : '♡'}</span> {favourite ? 'Saved to favourites' : 'Save to favourites'}
      </button>
      {error ? <Problem error={error} /> : null}
    </>
  );
}

const STATUS_TEXT: Record<string, string> = {
  passed: 'You are eligible',
  considered: 'You may be eligible: the provider will consider your application',
  incomplete: 'We need more details to check your eligibility',
  failed: 'You are not eligible for this home',
  'not-checked': 'Eligibility was not checked',
};

function RegisterInterest({
  listing,
  properties,
  signedIn,
  onReasons,
}: {
  listing: ListingDetails;
  properties: PropertyDetails[];
  signedIn: boolean;
  /** the decision's messages the panel shows (none while it shows the form) */
  onReasons: (messages: string[]) => void;
}) {
  const fields = useLoad(
    () => api<Schemas['RegisterInterestFields']>(`${P}/listings/slug/${listing.slug}/register-interest-fields`),
    [listing.slug],
  );
  const profile = useLoad(() => (signedIn ? api<Schemas['Customer']>(`${P}/profile`) : Promise.resolve(undefined)), [signedIn]);
  const [values, setValues] = useState<Values>({});
  // the fields the person filled in or changed: only these are sent (the rest is the profile's already)
  const [changed, setChanged] = useState<Set<string>>(new Set());
  const working = useLoad(() => lookup('working-circumstances'), []);
  const [property, setProperty] = useState<string>('');
  const [additionalInfo, setAdditionalInfo] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [application, setApplication] = useState<Application | null>(null);
  const [busy, setBusy] = useState(false);
  // the customer's earlier interest in this listing: shown instead of a blank form
  const earlier = useLoad(
    () =>
      signedIn
        ? api<{ data: Application[] }>(`${P}/profile/applications`, { query: { archived: 0 } }).then((r) =>
            r.data.filter((a) => a.listing.id === listing.id),
          )
        : Promise.resolve([]),
    [signedIn, listing.id],
  );
  const [again, setAgain] = useState(false);
  const offered = properties.filter(isOffered);

  const asked = fields.data?.eligibilityFields ?? [];
  // a work postcode is not needed of someone not in work: ask whether they work beside it
  const eligibility =
    asked.includes('workPostcode') && !asked.includes('workingCircumstance')
      ? asked.flatMap((f) => (f === 'workPostcode' ? ['workingCircumstance', f] : [f]))
      : asked;
  const priority = (fields.data?.priorityFields ?? []).filter((f) => !eligibility.includes(f));
  const notInWork = working.data?.find((w) => w.id === values.workingCircumstance)?.working === false;
  const required = new Set(asked.filter((f) => !(f === 'workPostcode' && notInWork)));
  useEffect(() => {
    if (profile.data) setValues(valuesOf(profile.data, [...eligibility, ...priority]));
  }, [profile.data, fields.data]);
  const change = (name: string, value: unknown) => {
    setValues((s) => ({ ...s, [name]: value }));
    setChanged((c) => new Set(c).add(name));
  };

  // every home sold or let: the service refuses interest, so none is asked for
  if (properties.length > 0 && properties.every((p) => p.availabilityStatus.code === 'closed')) {
    const gone = listing.forSale ? 'sold' : 'let';
    return (
      <section class="panel" aria-labelledby="register-title">
        <h2 id="register-title">{properties.length === 1 ? `This home is ${gone}` : `Every home here is ${gone}`}</h2>
        <p>
          Interest can no longer be registered here: <a href="/search">search for other homes</a>.
        </p>
      </section>
    );
  }
  if (!signedIn) {
    return (
      <section class="panel" aria-labelledby="register-title">
        <h2 id="register-title">Interested in this home?</h2>
        <p>Sign in or create an account to register your interest and book a place at an open day.</p>
        <a class="button primary" href={`/sign-in?next=${encodeURIComponent(`/listings/${listing.slug}`)}`}>
          Sign in to register interest
        </a>
      </section>
    );
  }
  // the homes applied for already: never offered as "also eligible"
  const appliedFor = (earlier.data ?? []).flatMap((a) => (a.property ? [a.property.id] : []));
  if (application)
    return (
      <Decision application={application} properties={properties} offered={offered} appliedBefore={appliedFor} onReasons={onReasons} />
    );
  if (earlier.loading && !earlier.data) return <Loading />;
  if (earlier.data?.length && !again)
    return (
      <Registered
        applications={earlier.data}
        onAgain={() => {
          onReasons([]);
          setAgain(true);
        }}
        onReasons={onReasons}
      />
    );

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const profileValues = valuesOf(profile.data, [...changed]);
      const sent = [...changed].filter((name) => JSON.stringify(values[name] ?? null) !== JSON.stringify(profileValues[name] ?? null));
      const body: Values = { ...Object.fromEntries(sent.map((name) => [name, values[name]])), additionalInfo: additionalInfo || undefined };
      // one home to be had: the interest is in it (the decision then names it, and offers it as no other)
      if (property) body.property = Number(property);
      else if (offered.length === 1) body.property = offered[0]!.id;
      setApplication(await api<Application>(`${P}/listings/slug/${listing.slug}/register-interest`, { method: 'POST', body }));
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(err.errors);
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="panel" aria-labelledby="register-title">
      <h2 id="register-title">Register your interest</h2>
      {fields.loading && <Loading />}
      {offered.length === 0 && <p>No home here is available at the moment: you can still register interest in the development.</p>}
      <form onSubmit={submit} noValidate>
        {eligibility.length > 0 && (
          <p class="hint">
            Fields marked <span aria-hidden="true">*</span>
            <span class="visually-hidden">as required</span> must be filled in.
          </p>
        )}
        {offered.length > 1 && (
          <div class="field">
            <label for="ri-property">Which home?</label>
            <select id="ri-property" value={property} onChange={(e) => setProperty((e.target as HTMLSelectElement).value)}>
              <option value="">Any available home in this development</option>
              {offered.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.propertyNumber} – {bedroomsText(p.bedrooms)}
                  {p.availabilityStatus.code === 'coming-soon' ? ' (coming soon)' : ''}
                </option>
              ))}
            </select>
          </div>
        )}
        {eligibility.length > 0 && (
          <fieldset class="group">
            <legend>To check your eligibility</legend>
            <CustomerFields idPrefix="ri" required={required} fields={eligibility} values={values} errors={errors} onChange={change} />
          </fieldset>
        )}
        {priority.length > 0 && (
          <fieldset class="group">
            <legend>To help the provider prioritise (optional)</legend>
            <CustomerFields idPrefix="ri" fields={priority} values={values} errors={errors} onChange={change} />
          </fieldset>
        )}
        <div class="field">
          <label for="ri-info">Message to the provider (optional)</label>
          <textarea
            id="ri-info"
            rows={3}
            value={additionalInfo}
            onInput={(e) => setAdditionalInfo((e.target as HTMLTextAreaElement).value)}
          />
        </div>
        {failure ? <Problem error={failure} title="Your interest was not registered" /> : null}
        <p class="hint" id="ri-saved-note">
          {profile.data && (eligibility.length > 0 || priority.length > 0)
            ? 'Your answers are filled in from your profile. What you fill in or change here is saved to your profile when you register.'
            : 'Your answers are saved to your profile when you register.'}
        </p>
        <button type="submit" class="primary" disabled={busy} aria-describedby="ri-saved-note">
          Register interest
        </button>
      </form>
    </section>
  );
}

/** homes one may register interest in: available or coming soon (not under offer, let or sold) */
const isOffered = (p: PropertyDetails) => p.availabilityStatus.code === 'available' || p.availabilityStatus.code === 'coming-soon';

/**
 * The other homes of the listing the customer is eligible for: never the home chosen (the decision
 * is about it) nor one that cannot be had any more.
 */
export function otherEligibleHomes(
  application: Application,
  properties: PropertyDetails[],
  appliedBefore: number[] = [],
): PropertyDetails[] {
  const applied = new Set([application.property?.id, ...appliedBefore]);
  return (application.decision?.successfulProperties ?? [])
    .filter((id) => !applied.has(id))
    .map((id) => properties.find((p) => p.id === id))
    .filter((p): p is PropertyDetails => !!p && isOffered(p));
}

/** The customer's earlier interest in this listing: when, in which home, and where it stands. */
function Registered({
  applications,
  onAgain,
  onReasons,
}: {
  applications: Application[];
  onAgain: () => void;
  onReasons: (messages: string[]) => void;
}) {
  const latest = [...applications].sort((a, b) => b.enquiryDate.localeCompare(a.enquiryDate))[0]!;
  const status = latest.decision?.status ?? latest.eligibilityStatus;
  const messages = latest.decision?.messages ?? [];
  useEffect(() => onReasons(messages), [messages.join('\n')]);
  return (
    <section class={`panel decision decision-${status}`} aria-labelledby="registered-title" id="register-decision">
      <h2 id="registered-title">You registered interest on {dayText(latest.enquiryDate)}</h2>
      {latest.property && <p>In {latest.property.propertyNumber}.</p>}
      <p class="decision-status">
        <strong>{STATUS_TEXT[status] ?? status}</strong>
      </p>
      {latest.decision && latest.decision.messages.length > 0 && (
        <ul class="decision-messages">
          {latest.decision.messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      {applications.length > 1 && <p>You have registered interest here {applications.length} times.</p>}
      <ProgressStepper progress={latest.progress} eligibilityStatus={latest.eligibilityStatus} id={`registered-progress-${latest.id}`} />
      <OpenDays application={latest} />
      <p>
        <a href="/account/applications">See your applications</a>
      </p>
      <button type="button" onClick={onAgain}>
        Register interest again
      </button>
    </section>
  );
}

function Decision({
  application,
  properties,
  offered,
  appliedBefore,
  onReasons,
}: {
  application: Application;
  properties: PropertyDetails[];
  /** the homes that could be chosen */
  offered: PropertyDetails[];
  appliedBefore: number[];
  onReasons: (messages: string[]) => void;
}) {
  const decision = application.decision;
  const status = decision?.status ?? application.eligibilityStatus;
  const others = otherEligibleHomes(application, properties, appliedBefore);
  // the home applied for, with the listing page's own figures (its price and monthly cost)
  const home = application.property ? (properties.find((p) => p.id === application.property!.id) ?? application.property) : null;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => onReasons(decision?.messages ?? []), []);
  // the result replaces the form, which may have been long: bring it into view and put focus on it
  // (on a phone it would otherwise be far above the screen, with focus lost on the page)
  useEffect(() => {
    const h = heading.current;
    if (!h) return;
    h.focus({ preventScroll: true });
    h.closest('section')?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <section class={`panel decision decision-${status}`} aria-labelledby="decision-title" role="status" id="register-decision">
      <h2 id="decision-title" tabIndex={-1} ref={heading}>
        Interest registered
      </h2>
      {home ? (
        <div class="applied-home">
          <p>
            You applied for <strong>{home.propertyNumber}</strong> ({bedroomsText(home.bedrooms)}):
          </p>
          <Price fields={home} />
          <MonthlyCost amount={home.monthlyCostFrom} />
        </div>
      ) : (
        <p class="applied-home">You applied for {offered.length > 1 ? 'any available home in this development' : 'this development'}.</p>
      )}
      <p class="decision-status">
        <strong>{STATUS_TEXT[status] ?? status}</strong>
      </p>
      {decision && decision.messages.length > 0 && (
        <ul class="decision-messages">
          {decision.messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <p>
          {status === 'failed' ? 'You are eligible for other homes here' : home ? 'You are also eligible for' : 'You are eligible for'}:{' '}
          {others.map((p) => p.propertyNumber).join(', ')}.
        </p>
      )}
      <OpenDays application={application} />
      <p>
        <a href="/account/applications">See your applications</a>
      </p>
    </section>
  );
}

/** how many similar listings are asked for, to find three of the listing's own schemes among them */
const SIMILAR_ASKED = 24;

/**
 * Similar homes of the listing's own schemes: a shared ownership home's are shared ownership homes.
 * The similar endpoint takes only a size, so more are asked for and those sharing a scheme kept.
 */
function Similar({ slug, schemes }: { slug: string; schemes: readonly { text: string }[] }) {
  const similar = useLoad(
    () => api<{ data: ListingItem[] }>(`${P}/listings/slug/${slug}/similar`, { query: { size: SIMILAR_ASKED } }),
    [slug],
  );
  const own = new Set(schemes.map((s) => s.text));
  const shown = (similar.data?.data ?? []).filter((l) => own.size === 0 || l.schemes.some((s) => own.has(s.text))).slice(0, 3);
  if (!shown.length) return null;
  return (
    <Section title="Similar homes" id="similar">
      <ListingGrid listings={shown} />
    </Section>
  );
}

/** the listing's own meta description, else one line of what it is, where and from what price */
function listingDescription(listing: ListingDetails): string {
  if (listing.metaDescription?.trim()) return listing.metaDescription.trim();
  const kind = homeKindParts(listing.bedrooms, listing.propertyType).join(' ').toLowerCase();
  const price = priceText(listing);
  const schemes = listing.schemes.map((s) => s.text).join(', ');
  return `${listing.name}: ${kind ? `${kind} ` : ''}${listing.forSale ? 'for sale' : 'to rent'} in ${listing.displayAddress}${schemes ? ` (${schemes})` : ''}, ${price.main}.`;
}
