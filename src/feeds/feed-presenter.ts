import type { ImportReport, ImportStatus } from './feed-import-service.ts';
import type { FeedImportPayload, FeedImportQueuedPayload } from './feed-payload.ts';

export const presentQueuedImport = (queued: { id: string; status: ImportStatus }): FeedImportQueuedPayload => ({ id: queued.id, status: queued.status });

export function presentImport(report: ImportReport): FeedImportPayload {
  return {
    id: report.id,
    format: 'blm',
    status: report.status,
    counts: report.counts,
    rows: report.rows.map((r) => ({ agentRef: r.agentRef, status: r.status, listing: r.listing, errors: r.errors, warnings: r.warnings })),
  };
}
