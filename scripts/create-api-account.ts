// npm run api-account:create -- --name "Riverside Homes" --kind provider --tier premium [--provider "Riverside Homes"]
//                                [--partner-source london-portal --partner-image-url https://...]
//                                [--feed-shared-ownership-price full-value|share-price]
// --feed-shared-ownership-price: what the price of a shared-ownership home in the account's BLM files and
// RTDF pushes means (docs/feeds.md); full-value by default.
// Creates an API account (and its housing provider when --provider names a new one) and prints its
// first key. The key is shown once; only its hash is stored.
import { parseArgs } from 'node:util';
import { createPrisma } from '../src/db/prisma.ts';
import { ACCOUNT_KINDS, ACCOUNT_TIERS, ApiAccountService } from '../src/api-accounts/api-account-service.ts';
import { SHARED_OWNERSHIP_PRICES } from '../src/feeds/feed-home.ts';

const { values } = parseArgs({
  options: {
    name: { type: 'string' },
    kind: { type: 'string', default: 'provider' },
    tier: { type: 'string', default: 'basic' },
    provider: { type: 'string' },
    'provider-email': { type: 'string' },
    'partner-source': { type: 'string' },
    'partner-image-url': { type: 'string' },
    'feed-shared-ownership-price': { type: 'string', default: 'full-value' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (!values.name) fail('--name is required');
if (!ACCOUNT_KINDS.includes(values.kind as never)) fail(`--kind must be one of ${ACCOUNT_KINDS.join(', ')}`);
if (!ACCOUNT_TIERS.includes(values.tier as never)) fail(`--tier must be one of ${ACCOUNT_TIERS.join(', ')}`);
if (['provider', 'agent'].includes(values.kind!) && !values.provider) fail('--provider (the housing provider name) is required for provider and agent accounts');
if (!SHARED_OWNERSHIP_PRICES.includes(values['feed-shared-ownership-price'] as never)) fail(`--feed-shared-ownership-price must be one of ${SHARED_OWNERSHIP_PRICES.join(', ')}`);
if (!process.env.DATABASE_URL) fail('DATABASE_URL is not set');

const prisma = createPrisma(process.env.DATABASE_URL, 2);
try {
  let housingProviderId: number | null = null;
  if (values.provider) {
    const existing = await prisma.housingProvider.findFirst({ where: { name: values.provider } });
    housingProviderId = (existing ?? (await prisma.housingProvider.create({ data: { name: values.provider, contactEmail: values['provider-email'] ?? null } }))).id;
  }
  const { account, key } = await new ApiAccountService(prisma).createAccount({
    name: values.name,
    kind: values.kind as (typeof ACCOUNT_KINDS)[number],
    tier: values.tier as (typeof ACCOUNT_TIERS)[number],
    housingProviderId,
    partnerSource: values['partner-source'] ?? null,
    partnerImageUrl: values['partner-image-url'] ?? null,
    feedSharedOwnershipPrice: values['feed-shared-ownership-price']!,
  });
  console.log(JSON.stringify({ accountId: account.id, name: account.name, kind: account.kind, tier: account.tier, housingProviderId, apiKey: key }, null, 2));
} finally {
  await prisma.$disconnect();
}
