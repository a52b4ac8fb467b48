// A preview link as the provider gets it.
import type { PreviewLink } from './preview-links.ts';
import type { PreviewLinkPayload } from './preview-link-payload.ts';

export const presentPreviewLink = (link: PreviewLink): PreviewLinkPayload => ({ url: link.url, expiresAt: link.expiresAt.toISOString() });
