import { useEffect, useState } from 'preact/hooks';
import { api, P, type ListingItem } from '../api.ts';
import { useSession } from '../session.ts';
import { cardPriceText, dayText, firstHomesWithoutFigures, homeKindParts, monthlyCostRepeatsRent, rentTerms, type CardLead } from '../format.ts';
import { Price, SchemeTags } from './common.tsx';
import { AffordabilityBadge, costFromBelow, Distances, MonthlyCost, MonthlyCostFrom } from './Affordability.tsx';
import { EligibilityLine } from './Eligibility.tsx';
import { CardGrid } from './CardGrid.tsx';
import { Picture } from './Picture.tsx';

/** Listings as a grid of cards: featured, similar, favourites, an area's, a saved search's matches. */
export function ListingGrid({
  listings,
  keyOf,
}: {
  listings: readonly ListingItem[] | undefined;
  keyOf?: (listing: ListingItem) => string | number;
}) {
  return (
    <CardGrid items={listings} keyOf={keyOf}>
      {(listing) => <ListingCard listing={listing} />}
    </CardGrid>
  );
}

/**
 * One listing in a list: search results, featured, similar, favourites. `lead`: what the list is
 * ordered by, the figure the card prints in bold. Under a price sort, the price (shared ownership's full
 * price, the share after it). Under the monthly-cost sort, `monthlyCostFrom`, the pool's lowest monthly
 * cost, which may be another home's than the headline's: the card then says it, in a line of its own,
 * so that the list reads in its order.
 */
export function ListingCard({
  listing,
  headingLevel = 3,
  lead = null,
}: {
  listing: ListingItem;
  headingLevel?: 2 | 3;
  lead?: CardLead;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const marked = listing.displayAs === 'featured' || listing.displayAs === 'premium';
  const terms = rentTerms(listing);
  const byCost = lead === 'monthly-cost';
  const ownCost = !monthlyCostRepeatsRent(listing, listing.monthlyCost) && listing.monthlyCost != null;
  const fromBelow = byCost && costFromBelow(listing.monthlyCostFrom, listing.monthlyCost);
  // a rent that is its monthly cost stays the figure in bold
  return (
    <article class={`card listing-card${marked ? ` is-${listing.displayAs}` : ''}`} data-listing-id={listing.id}>
      {listing.mainImage ? (
        <Picture class="card-image" src={listing.mainImage.thumbnail} alt="" loading="lazy" width={360} height={203} />
      ) : (
        <div class="card-image no-image" aria-hidden="true" />
      )}
      <div class="card-body">
        <div class="card-top">
          {marked && <p class={`badge badge-${listing.displayAs}`}>{listing.displayAs === 'featured' ? 'Featured' : 'Premium'}</p>}
          <FavouriteHeart listing={listing} titleId={`listing-${listing.id}-${listing.displayAs}-title`} />
        </div>
        <Heading class="card-title" id={`listing-${listing.id}-${listing.displayAs}-title`}>
          <a href={`/listings/${listing.slug}`}>{listing.name}</a>
        </Heading>
        <p class="card-address">{listing.displayAddress}</p>
        {/* every money line follows the home the price is of (the pool's headline home) */}
        <Price fields={listing} text={cardPriceText(listing, lead)} quiet={byCost && (ownCost || fromBelow)} />
        {ownCost && <MonthlyCost amount={listing.monthlyCost} lead={byCost && !fromBelow} />}
        {byCost && <MonthlyCostFrom from={listing.monthlyCostFrom} own={listing.monthlyCost} lead />}
        {terms.length > 0 && <p class="card-terms">{terms.join(' · ')}</p>}
        {firstHomesWithoutFigures(listing) && <p class="card-terms">First Homes: at least 30% below the market value</p>}
        {listing.priceReducedOn && <p class="reduced">Reduced on {dayText(listing.priceReducedOn)}</p>}
        <p class="card-facts">
          {[...homeKindParts(listing.bedrooms, listing.propertyType), listing.availabilityStatus.name].filter(Boolean).join(' · ')}
        </p>
        <Distances fromWork={listing.distanceFromWork} fromHome={listing.distanceFromHome} />
        <EligibilityLine eligibility={listing.eligibility} />
        <AffordabilityBadge affordability={listing.affordability} />
        <SchemeTags schemes={listing.schemes} />
        {listing.partnerName && <p class="partner">In partnership with {listing.partnerName}</p>}
      </div>
    </article>
  );
}

/**
 * The heart: saves the listing to the customer's favourites, or offers a sign-in that comes back here.
 * Its name says what it does; the card's title (aria-describedby) says which home.
 */
function FavouriteHeart({ listing, titleId }: { listing: ListingItem; titleId: string }) {
  const signedIn = useSession();
  const [favourite, setFavourite] = useState(listing.favourite === true);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => setFavourite(listing.favourite === true), [listing.id, listing.favourite]);
  if (!signedIn) {
    const next = `${location.pathname}${location.search}`;
    return (
      <a
        class="heart"
        href={`/sign-in?next=${encodeURIComponent(next)}`}
        aria-label="Sign in to save to your favourites"
        aria-describedby={titleId}
      >
        <span aria-hidden="true">♡</span>
      </a>
    );
  }
  const toggle = async () => {
    setBusy(true);
    setFailed(false);
    try {
      if (favourite) await api(`${P}/profile/favourites/${listing.id}`, { method: 'DELETE' });
      else await api(`${P}/profile/favourites`, { method: 'POST', body: { listing: listing.id } });
      setFavourite(!favourite);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        class="heart"
        aria-pressed={favourite}
        disabled={busy}
        onClick={toggle}
        aria-label="Save to your favourites"
        aria-describedby={titleId}
      >
        <span aria-hidden="true">{favourite ? '♥' : '♡'}</span>
      </button>
      {failed && (
        <span class="field-error" role="alert">
          Not saved: try again
        </span>
      )}
    </>
  );
}
