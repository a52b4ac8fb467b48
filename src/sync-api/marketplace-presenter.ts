// A listing of the marketplace pull: the listing item with its properties' details, as its listing page
// gives them.
import { presentListingItem } from '../listings/listing-presenter.ts';
import type { MarketplaceListing } from './marketplace-service.ts';
import type { MarketplaceListingPayload } from './marketplace-payload.ts';

export function presentMarketplaceListing({ item, singleProperty, properties: stored }: MarketplaceListing): MarketplaceListingPayload {
  // property details without a household, as the listing page gives them to a visitor
  const properties = stored.map((p) => ({ ...p, affordability: null }));
  return {
    ...presentListingItem(item.view),
    singleProperty,
    propertyDetails: singleProperty ? (properties[0] ?? null) : null,
    properties: singleProperty ? [] : properties,
  };
}
