// A local authority as the store gives it, with its county and region.
import type { County, LocalAuthority, Region } from '../generated/prisma/client.ts';

export type LocalAuthorityWithCounty = LocalAuthority & { county: County & { region: Region } };

export const localAuthorityInclude = { county: { include: { region: true } } } as const;
