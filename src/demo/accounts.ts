// The demo's housing providers and API accounts, found by name or created (a new account's key is
// returned once; only its hash is stored).
import type { PrismaClient } from '../db/prisma.ts';
import type { ApiAccount } from '../generated/prisma/client.ts';
import { ApiAccountService, type NewAccount } from '../api-accounts/api-account-service.ts';
import type { RegionGroup } from './places.ts';
import { logoUrl } from './images.ts';

export interface ProviderSpec {
  name: string;
  contactEmail: string;
  logoUrl: string;
}

export interface AccountSpec {
  key: string;
  provider: ProviderSpec | null;
  account: Omit<NewAccount, 'housingProviderId'>;
}

const provider = (name: string, slug: string): ProviderSpec => ({
  name,
  contactEmail: `sales@${slug}.example.org`,
  logoUrl: logoUrl(slug),
});

const KESTRELWOOD = provider('Kestrelwood Homes', 'kestrelwood-homes');
const LARCHFIELD = provider('Larchfield Housing Trust', 'larchfield-housing');
const SEVERN = provider('Severn & Solent Homes', 'severn-solent-homes');
const MIDSHIRE = provider('Midshire Living', 'midshire-living');
const PENNINE = provider('Pennine Crescent Homes', 'pennine-crescent');
const THISTLE = provider('Thistle & Lough Housing', 'thistle-lough');

export const DEMO_ACCOUNTS: AccountSpec[] = [
  { key: 'kestrelwood', provider: KESTRELWOOD, account: { name: KESTRELWOOD.name, kind: 'provider', tier: 'premium' } },
  { key: 'larchfield', provider: LARCHFIELD, account: { name: LARCHFIELD.name, kind: 'provider', tier: 'basic' } },
  { key: 'severn', provider: SEVERN, account: { name: SEVERN.name, kind: 'provider', tier: 'premium' } },
  { key: 'midshire', provider: MIDSHIRE, account: { name: MIDSHIRE.name, kind: 'provider', tier: 'basic' } },
  { key: 'pennine', provider: PENNINE, account: { name: PENNINE.name, kind: 'provider', tier: 'premium' } },
  { key: 'thistle', provider: THISTLE, account: { name: THISTLE.name, kind: 'provider', tier: 'basic' } },
  // A letting agent marketing Pennine Crescent's homes to rent.
  { key: 'agent', provider: PENNINE, account: { name: 'Marlowgate Lettings', kind: 'agent', tier: 'basic' } },
  {
    key: 'london-portal',
    provider: null,
    account: {
      name: 'London Homes Portal',
      kind: 'partner',
      tier: 'premium',
      partnerSource: 'london-homes-portal',
      partnerImageUrl: 'https://images.example.org/partners/london-homes-portal.png',
    },
  },
  {
    key: 'northern-portal',
    provider: null,
    account: {
      name: 'Northern Homes Network',
      kind: 'partner',
      tier: 'basic',
      partnerSource: 'northern-homes-network',
      partnerImageUrl: 'https://images.example.org/partners/northern-homes-network.png',
    },
  },
];

const BENCH_PROVIDER = provider('Benchmark Homes', 'benchmark-homes');
export const BENCHMARK_ACCOUNT: AccountSpec = {
  key: 'benchmark',
  provider: BENCH_PROVIDER,
  account: { name: BENCH_PROVIDER.name, kind: 'provider', tier: 'premium' },
};

/** Which provider account holds a region's developments (London is shared by two). */
export function providerKeyFor(group: RegionGroup, index: number): string {
  switch (group) {
    case 'london':
      return index % 2 === 0 ? 'kestrelwood' : 'larchfield';
    case 'south':
      return 'severn';
    case 'midlands-east':
      return 'midshire';
    case 'north':
      return 'pennine';
    case 'scotland-ni':
      return 'thistle';
  }
}

/** The partner portal that also advertises listings of a region, if any. */
export function partnerSourceFor(group: RegionGroup): string | null {
  if (group === 'london') return 'london-homes-portal';
  if (group === 'north' || group === 'scotland-ni') return 'northern-homes-network';
  return null;
}

export interface EnsuredAccounts {
  accounts: Map<string, ApiAccount>;
  /** accounts made by this run, with the key shown this once */
  newKeys: { name: string; kind: string; apiKey: string }[];
  providersCreated: number;
}

export async function ensureAccounts(prisma: PrismaClient, specs: AccountSpec[]): Promise<EnsuredAccounts> {
  const service = new ApiAccountService(prisma);
  const accounts = new Map<string, ApiAccount>();
  const newKeys: EnsuredAccounts['newKeys'] = [];
  const providerIds = new Map<string, number>();
  let providersCreated = 0;
  for (const spec of specs) {
    let housingProviderId: number | null = null;
    if (spec.provider) {
      const p = spec.provider;
      housingProviderId = providerIds.get(p.name) ?? null;
      if (housingProviderId === null) {
        const existing = await prisma.housingProvider.findFirst({ where: { name: p.name }, orderBy: { id: 'asc' } });
        if (!existing) providersCreated++;
        const row = existing
          ? existing.contactEmail === p.contactEmail && existing.logoUrl === p.logoUrl
            ? existing
            : await prisma.housingProvider.update({
                where: { id: existing.id },
                data: { contactEmail: p.contactEmail, logoUrl: p.logoUrl },
              })
          : await prisma.housingProvider.create({ data: p });
        housingProviderId = row.id;
        providerIds.set(p.name, row.id);
      }
    }
    const wanted = {
      kind: spec.account.kind,
      tier: spec.account.tier,
      housingProviderId,
      partnerSource: spec.account.partnerSource ?? null,
      partnerImageUrl: spec.account.partnerImageUrl ?? null,
    };
    const existing = await prisma.apiAccount.findFirst({ where: { name: spec.account.name }, orderBy: { id: 'asc' } });
    if (existing) {
      const same = (Object.keys(wanted) as (keyof typeof wanted)[]).every((k) => existing[k] === wanted[k]);
      accounts.set(spec.key, same ? existing : await prisma.apiAccount.update({ where: { id: existing.id }, data: wanted }));
    } else {
      const { account, key } = await service.createAccount({ name: spec.account.name, ...wanted });
      accounts.set(spec.key, account);
      newKeys.push({ name: account.name, kind: account.kind, apiKey: key });
    }
  }
  return { accounts, newKeys, providersCreated };
}
