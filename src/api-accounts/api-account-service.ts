// API accounts and their keys. Keys are random, shown once, and stored as SHA-256 hashes (they carry
// 256 bits of entropy, so a fast hash is enough); a new key deprecates every earlier one at once.
import { createHash, randomBytes } from 'node:crypto';
import type { PrismaClient } from '../db/prisma.ts';
import type { ApiAccount } from '../generated/prisma/client.ts';
import { IdempotentRequests } from './idempotent-requests.ts';

/** editors hold no inventory; their key lets them preview unpublished listings and content */
export const ACCOUNT_KINDS = ['provider', 'agent', 'partner', 'editor'] as const;
export const ACCOUNT_TIERS = ['basic', 'premium'] as const;

export interface NewAccount {
  name: string;
  kind: (typeof ACCOUNT_KINDS)[number];
  tier: (typeof ACCOUNT_TIERS)[number];
  housingProviderId?: number | null;
  partnerSource?: string | null;
  partnerImageUrl?: string | null;
  /** full-value | share-price: what a shared-ownership price in the account's feeds means (docs/feeds.md) */
  feedSharedOwnershipPrice?: string;
}

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

function newKey(): string {
  return `hsp_${randomBytes(32).toString('base64url')}`;
}

export class ApiAccountService {
  /** the answers of writes sent with an Idempotency-Key, replayed to a retry */
  readonly idempotency: IdempotentRequests;

  constructor(private readonly prisma: PrismaClient) {
    this.idempotency = new IdempotentRequests(prisma);
  }

  async createAccount(input: NewAccount): Promise<{ account: ApiAccount; key: string }> {
    const key = newKey();
    const account = await this.prisma.apiAccount.create({
      data: { ...input, keys: { create: { keyHash: hashKey(key), prefix: key.slice(0, 10) } } },
    });
    return { account, key };
  }

  /** The account a current key belongs to; null for unknown or deprecated keys. */
  async authenticate(key: string): Promise<ApiAccount | null> {
    const found = await this.prisma.apiKey.findUnique({ where: { keyHash: hashKey(key) }, include: { account: true } });
    return found && found.deprecatedAt === null ? found.account : null;
  }

  async rotateKey(accountId: number): Promise<string> {
    const key = newKey();
    await this.prisma.$transaction([
      this.prisma.apiKey.updateMany({ where: { accountId, deprecatedAt: null }, data: { deprecatedAt: new Date() } }),
      this.prisma.apiKey.create({ data: { accountId, keyHash: hashKey(key), prefix: key.slice(0, 10) } }),
    ]);
    return key;
  }
}
