// A preview link: the portal page of one listing, published or not, for an hour.
import { about, named, shape, text, type Payload } from '../core/openapi/payload-fields.ts';

export const previewLinkPayload = named(
  'PreviewLink',
  shape({
    url: about(text, "the listing's portal page with a preview token: read-only, that listing only"),
    expiresAt: about(text, 'when the link stops working (one hour after it was made)'),
  }),
);

export type PreviewLinkPayload = Payload<typeof previewLinkPayload>;
