// An account's webhook endpoint (one per account) and its deliveries log.
import type { PrismaClient } from '../db/prisma.ts';
import type { ApiAccount, WebhookDelivery, WebhookEndpoint } from '../generated/prisma/client.ts';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.ts';
import { offsetOf, type PageRequest } from '../core/envelope.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import { resolvePublic, UnsafeAddressError, webhookUrlProblem } from './webhook-address.ts';
import type { LeadEventType } from '../lead-lifecycle/lead-event-recorder.ts';
import type { JobQueue, JobRetries } from '../db/job-queue.ts';
import { enqueueDelivery, WEBHOOK_KIND } from './webhook-job.ts';

export interface EndpointInput {
  url: string;
  events: LeadEventType[];
  rotateSecret: boolean;
}

/** the endpoint, and its secret when it was just made (first set or rotated) */
export interface SavedEndpoint {
  endpoint: WebhookEndpoint;
  secretShown: boolean;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** A delivery with when its next attempt is due: null unless pending; the time of the answer while one is under way. */
export type ListedDelivery = WebhookDelivery & { nextAttemptAt: Date | null };

export class WebhookService {
  /** `live`: https URLs resolving to public addresses only */
  constructor(
    private readonly prisma: PrismaClient,
    private readonly live: boolean,
    private readonly jobs: JobQueue,
    private readonly retries: JobRetries,
  ) {}

  async get(account: ApiAccount): Promise<WebhookEndpoint> {
    const endpoint = await this.prisma.webhookEndpoint.findUnique({ where: { accountId: account.id } });
    if (!endpoint) throw new NotFoundError('This account has no webhook endpoint');
    return endpoint;
  }

  /** Sets the endpoint; a secret is made when there is none yet or when asked to rotate it. */
  async set(account: ApiAccount, input: EndpointInput): Promise<SavedEndpoint> {
    await this.checkUrl(input.url);
    const events = [...new Set(input.events)];
    const secret = newWebhookSecret();
    // one statement: two first PUTs at once cannot both believe they made the secret
    const [row] = await this.prisma.$queryRaw<(WebhookEndpoint & { created: boolean })[]>`
      INSERT INTO "WebhookEndpoint" ("accountId", url, events, secret, "updatedAt")
      VALUES (${account.id}, ${input.url}, ${events}::text[], ${secret}, now())
      ON CONFLICT ("accountId") DO UPDATE SET url = EXCLUDED.url, events = EXCLUDED.events, "updatedAt" = now(),
        secret = CASE WHEN ${input.rotateSecret} THEN EXCLUDED.secret ELSE "WebhookEndpoint".secret END
      RETURNING "accountId", url, events, secret, "createdAt", "updatedAt", (xmax = 0) AS created`;
    const { created, ...endpoint } = row!;
    return { endpoint, secretShown: created || input.rotateSecret };
  }

  /** Removes the endpoint; deliveries still pending fail (nothing to send them to). */
  async remove(account: ApiAccount): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.webhookEndpoint.deleteMany({ where: { accountId: account.id } });
      if (count === 0) throw new NotFoundError('This account has no webhook endpoint');
      await tx.webhookDelivery.updateMany({
        where: { accountId: account.id, status: 'pending' },
        data: { status: 'failed', lastError: 'the webhook endpoint was removed' },
      });
    });
  }

  /** The account's deliveries, newest first. */
  async deliveries(
    account: ApiAccount,
    page: PageRequest,
    status: DeliveryStatus | null,
  ): Promise<{ items: ListedDelivery[]; total: number }> {
    const where = { accountId: account.id, ...(status ? { status } : {}) };
    const [rows, total] = await Promise.all([
      this.prisma.webhookDelivery.findMany({ where, orderBy: { id: 'desc' }, skip: offsetOf(page), take: page.size }),
      this.prisma.webhookDelivery.count({ where }),
    ]);
    return { items: await this.withNextAttempt(rows), total };
  }

  /** The pending rows' next attempts, from their jobs on the job queue. */
  private async withNextAttempt(rows: WebhookDelivery[]): Promise<ListedDelivery[]> {
    const pending = rows.filter((r) => r.status === 'pending').map((r) => String(r.id));
    const next = await this.jobs.pending(WEBHOOK_KIND, 'delivery', pending);
    const now = new Date();
    return rows.map((r) => ({ ...r, nextAttemptAt: r.status === 'pending' ? (next.get(String(r.id)) ?? now) : null }));
  }

  /**
   * Queues a delivery again, retried for another 24 hours, with the same event (id and body); 404 unless
   * it is the account's. It comes after the events of its lead queued before it.
   */
  async redeliver(account: ApiAccount, id: number): Promise<ListedDelivery> {
    const found = await this.prisma.webhookDelivery.findFirst({ where: { id, accountId: account.id }, select: { id: true } });
    if (!found) throw new NotFoundError(`Delivery ${id} was not found`);
    if (!(await this.prisma.webhookEndpoint.findUnique({ where: { accountId: account.id }, select: { accountId: true } })))
      throw new ConflictError('This account has no webhook endpoint to deliver to: set one first');
    const row = await this.prisma.$transaction(async (tx) => {
      const updated = await tx.webhookDelivery.update({ where: { id }, data: { status: 'pending', deliveredAt: null } });
      await enqueueDelivery(this.jobs, tx, updated, this.retries);
      return updated;
    });
    const [listed] = await this.withNextAttempt([row]);
    return listed!;
  }

  /**
   * 422 for a URL the environment does not allow: its host must resolve to public addresses only (and
   * loopback outside `live`). Outside `live` a name that does not resolve yet is taken; each delivery
   * checks the addresses again as it connects.
   */
  private async checkUrl(raw: string): Promise<void> {
    const problem = webhookUrlProblem(raw, this.live);
    if (problem) throw ValidationError.field('url', problem);
    try {
      await resolvePublic(new URL(raw).hostname.replace(/^\[(.*)\]$/, '$1'), !this.live);
    } catch (err) {
      if (err instanceof UnsafeAddressError && err.unresolved && !this.live) return;
      if (err instanceof UnsafeAddressError)
        throw ValidationError.field('url', `url must resolve to public addresses only (${err.message})`);
      throw err;
    }
  }
}
