import type { ListingItem } from '../api.ts';
import { bedroomsText, dayText } from '../format.ts';
import { Price, SchemeTags } from './common.tsx';

/** One listing in a list: search results, featured, similar, favourites. */
export function ListingCard({ listing, headingLevel = 3 }: { listing: ListingItem; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const marked = listing.displayAs === 'featured' || listing.displayAs === 'premium';
  return (
    <article class={`card listing-card${marked ? ` is-${listing.displayAs}` : ''}`} data-listing-id={listing.id}>
      {listing.mainImage ? (
        <img class="card-image" src={listing.mainImage.thumbnail} alt="" loading="lazy" width={360} height={203} />
      ) : (
        <div class="card-image no-image" aria-hidden="true" />
      )}
      <div class="card-body">
        {marked && <p class={`badge badge-${listing.displayAs}`}>{listing.displayAs === 'featured' ? 'Featured' : 'Premium'}</p>}
        <Heading class="card-title">
          <a href={`/listings/${listing.slug}`}>{listing.name}</a>
        </Heading>
        <p class="card-address">{listing.displayAddress}</p>
        <Price fields={listing} compact />
        {listing.priceReducedOn && <p class="reduced">Reduced on {dayText(listing.priceReducedOn)}</p>}
        <p class="card-facts">
          {[bedroomsText(listing.bedrooms), listing.propertyType, listing.availabilityStatus.name].filter(Boolean).join(' · ')}
        </p>
        <SchemeTags schemes={listing.schemes} />
        {listing.partnerName && <p class="partner">In partnership with {listing.partnerName}</p>}
      </div>
    </article>
  );
}
