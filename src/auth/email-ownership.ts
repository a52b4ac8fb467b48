// E-mail ownership: an address is proven by using a magic link sent to it (a sign-in link, the
// passwordless change, a confirmation link, a reset link). The first such use on an account whose address
// was not proven yet hands the account to whoever holds the mailbox: a password set before is removed,
// every session ends, and every link and application update token issued before is void. Whoever registered someone else's address
// (by password, by register interest, or by changing their own account's address) loses it then.
import type { Prisma } from '../generated/prisma/client.ts';
import type { Customer } from '../generated/prisma/client.ts';
import { ConflictError } from '../core/errors.ts';
import { isUniqueViolation } from '../db/db-errors.ts';
import { EMAIL_TAKEN } from '../customers/customer-service.ts';
import { lockCustomer } from '../customers/customer-rules.ts';
import type { MagicLinkService } from './magic-links.ts';
import type { RefreshTokenService } from './refresh-tokens.ts';

type Tx = Prisma.TransactionClient;

export class EmailOwnership {
  constructor(
    private readonly magicLinks: MagicLinkService,
    private readonly refreshTokens: RefreshTokenService,
  ) {}

  /**
   * In the transaction that used a link sent to `address` (the account's own, or the new one a
   * confirmation link proves): the account takes the address, proven. When it was not proven for this
   * account, the password goes, every session ends and the open links are retired. 409 when another
   * account took a new address meanwhile.
   */
  async proven(tx: Tx, given: Customer, address: string = given.email): Promise<void> {
    // locked: a password sign-in in flight (which shares the lock, password-service.ts) either ends
    // before and its session is ended here, or waits and finds the password gone
    const customer = await lockCustomer(tx, given.id);
    const changes = address !== customer.email;
    if (customer.emailProvenAt && !changes) return;
    try {
      await tx.customer.update({
        where: { id: customer.id },
        data: { email: address, emailProvenAt: new Date(), passwordHash: null },
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(EMAIL_TAKEN);
      throw err;
    }
    await this.refreshTokens.revokeAllOf(customer.id, null, tx);
    await this.magicLinks.retireAll(customer.id, tx);
    await voidUpdateTokens(tx, customer.id);
  }
}

/** The update tokens register interest handed out are credentials of the account too: they end with its password or its owner's proof. */
export async function voidUpdateTokens(tx: Prisma.TransactionClient, customerId: number): Promise<void> {
  await tx.application.updateMany({ where: { customerId, updateTokenHash: { not: null } }, data: { updateTokenHash: null } });
}
