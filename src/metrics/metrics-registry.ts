// The process's Prometheus metrics (prom-client), in a registry of their own. Made with the runtime, so
// that the reindex worker reports into it; the application adds the series read at scrape time
// (app-metrics.ts) and serves them at GET /metrics.
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { BatchOutcome, ReindexObserver } from '../indexing/reindex-worker.ts';
import type { MailObserver } from '../mail/mail-delivery.ts';

export type RequestLabels = 'method' | 'route' | 'status';

export interface Metrics {
  registry: Registry;
  /** per request: one observe, labelled with the router's path template (never the raw URL) */
  requestDuration: Histogram<RequestLabels>;
  requestsInFlight: Gauge;
  reindex: ReindexObserver;
  /** the e-mail outbox's delivery: e-mails sent and refused, by template */
  mails: MailObserver;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  const requestDuration = new Histogram<RequestLabels>({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from a request to its response, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const requestsInFlight = new Gauge({ name: 'portal_http_requests_in_flight', help: 'Requests being handled', registers: [registry] });
  return { registry, requestDuration, requestsInFlight, reindex: reindexObserver(registry), mails: mailObserver(registry) };
}

function mailObserver(registry: Registry): MailObserver {
  const mails = new Counter<'template' | 'outcome'>({
    name: 'portal_mails_total',
    help: 'E-mails of the outbox the delivery handed to the mail server (sent) or the server refused (refused, tried again), by template',
    labelNames: ['template', 'outcome'],
    registers: [registry],
  });
  return {
    sent: (template) => mails.inc({ template, outcome: 'sent' }),
    refused: (template) => mails.inc({ template, outcome: 'refused' }),
  };
}

function reindexObserver(registry: Registry): ReindexObserver {
  const batches = new Counter({
    name: 'portal_reindex_batches_total',
    help: 'Outbox batches the reindex worker committed',
    registers: [registry],
  });
  const documents = new Counter<'outcome'>({
    name: 'portal_reindex_documents_total',
    help: 'Listing documents the reindex worker wrote: indexed (accepted by the engine) or rejected (refused, retried later)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'portal_reindex_failures_total',
    help: 'Batches the reindex worker could not run (engine or database unavailable); it backs off and retries',
    registers: [registry],
  });
  const lag = new Histogram({
    name: 'portal_reindex_lag_seconds',
    help: 'Time from a change of a listing (its outbox row) to the engine accepting its document (visible to search at the next index refresh, 1 s)',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
    registers: [registry],
  });
  // both outcomes exist from the start, so that a rate over them is defined before the first refusal
  documents.inc({ outcome: 'indexed' }, 0);
  documents.inc({ outcome: 'rejected' }, 0);
  return {
    batch(outcome: BatchOutcome) {
      batches.inc();
      documents.inc({ outcome: 'indexed' }, outcome.indexed);
      documents.inc({ outcome: 'rejected' }, outcome.rejected);
      for (const seconds of outcome.lagSeconds) lag.observe(seconds);
    },
    failure() {
      failures.inc();
    },
  };
}
