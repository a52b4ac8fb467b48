// The instance drill's webhook receiver: an HTTP server on 127.0.0.1 that checks each delivery's
// signature and records which lead change it carries (the drill's changes each have a note of their own,
// `<prefix><n>-end`, n counting the changes in the order they were made). `verdict` then says whether
// every change recorded for delivery arrived at least once, and each lead's in the order of its changes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, verifySignature } from '../../src/webhooks/webhook-signature.ts';

export interface Arrival {
  eventId: string;
  leadId: number;
  /** the change's number (its note), null for an event that carries no drill change (a lead's creation) */
  change: number | null;
}

export interface WebhookVerdict {
  /** deliveries recorded for the run's changes */
  due: number;
  /** of them, received at least once */
  delivered: number;
  /** posts received in all (a delivery taken over from a killed instance may arrive twice) */
  received: number;
  /** events received more than once */
  repeated: number;
  badSignatures: number;
  /** leads whose events arrived out of the order of their changes (an earlier change after a later one) */
  outOfOrder: number[];
}

/**
 * Per lead, the changes in the order they arrived must never go back: a repeat of the latest is at least
 * once, an earlier change after a later one is out of order.
 */
export function leadsOutOfOrder(arrivals: readonly Arrival[]): number[] {
  const latest = new Map<number, number>();
  const out = new Set<number>();
  for (const { leadId, change } of arrivals) {
    if (change === null) continue;
    const before = latest.get(leadId);
    if (before !== undefined && change < before) out.add(leadId);
    else latest.set(leadId, change);
  }
  return [...out];
}

export class WebhookLog {
  readonly arrivals: Arrival[] = [];
  badSignatures = 0;
  private server: Server | null = null;

  constructor(
    private readonly secret: string,
    private readonly notePrefix: string,
  ) {}

  async start(): Promise<string> {
    const change = new RegExp(`${this.notePrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\d+)-end`);
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        if (!verifySignature(req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined, raw, this.secret).ok) {
          this.badSignatures++;
          res.writeHead(401).end();
          return;
        }
        const text = raw.toString('utf8');
        const event = JSON.parse(text) as { id: string; data: { id: number } };
        const n = change.exec(text)?.[1];
        this.arrivals.push({ eventId: event.id, leadId: event.data.id, change: n === undefined ? null : Number(n) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/leads`;
  }

  /** `due`: the event ids of the deliveries the run's changes recorded. */
  verdict(due: readonly string[]): WebhookVerdict {
    const counts = new Map<string, number>();
    for (const a of this.arrivals) counts.set(a.eventId, (counts.get(a.eventId) ?? 0) + 1);
    return {
      due: due.length,
      delivered: due.filter((id) => counts.has(id)).length,
      received: this.arrivals.length,
      repeated: [...counts.values()].filter((n) => n > 1).length,
      badSignatures: this.badSignatures,
      outOfOrder: leadsOutOfOrder(this.arrivals),
    };
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}
