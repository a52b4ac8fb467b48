// Posts one signed delivery. A 2xx answer within the time limit is delivered; anything else (another
// status, a redirect, a timeout, a refused or unsafe address) is a failed attempt with its reason. The
// connection resolves its host through guardedLookup (public addresses, and loopback outside live), so
// the addresses checked are the ones connected to; redirects are never followed.
import { Agent, request } from 'undici';
import { SIGNATURE_HEADER, signatureHeader } from './webhook-signature.ts';
import { guardedLookup, webhookUrlProblem } from './webhook-address.ts';

export interface AttemptResult {
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
}

export interface SenderOptions {
  /** https and public addresses only; outside live, http and loopback too (never private ranges) */
  live: boolean;
  /** the whole attempt, from connecting to the end of the answer */
  timeoutMs: number;
}

/** an answer must come within this long (the contract's 10 s) */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** the most of an answer read (and thrown away) before the connection is closed */
const MAX_ANSWER_BYTES = 64 * 1024;

export class WebhookSender {
  /** made at the first post, and again after close() (the role stopped and started again) */
  private agent: Agent | null = null;

  constructor(private readonly options: SenderOptions) {}

  private connections(): Agent {
    this.agent ??= new Agent({
      connect: { timeout: this.options.timeoutMs, lookup: guardedLookup(!this.options.live) },
      headersTimeout: this.options.timeoutMs,
      bodyTimeout: this.options.timeoutMs,
      // one endpoint's slow answers hold its own connections only
      connections: 4,
    });
    return this.agent;
  }

  async post(url: string, secret: string, body: string, signal?: AbortSignal): Promise<AttemptResult> {
    const problem = webhookUrlProblem(url, this.options.live);
    if (problem) return { delivered: false, statusCode: null, error: problem };
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const res = await request(url, {
        method: 'POST',
        dispatcher: this.connections(),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'homeseeker-portal-webhooks/1',
          [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(secret, body),
        },
        body,
      });
      await res.body.dump({ limit: MAX_ANSWER_BYTES }).catch(() => undefined);
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      return { delivered: ok, statusCode: res.statusCode, error: ok ? null : `the endpoint answered ${res.statusCode}` };
    } catch (err) {
      return { delivered: false, statusCode: null, error: describe(err, timeout) };
    }
  }

  async close(): Promise<void> {
    const agent = this.agent;
    this.agent = null;
    await agent?.close();
  }
}

function describe(err: unknown, timeout: AbortSignal): string {
  if (timeout.aborted) return 'no answer within the time limit';
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const inner = e.cause ?? e;
  const text = `${inner.code ? `${inner.code}: ` : ''}${inner.message ?? String(err)}`;
  return text.slice(0, 500);
}
