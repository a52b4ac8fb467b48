// What every change of a lead tells: its event, recorded in the change's own transaction. The lead
// webhooks (webhooks/lead-events.ts) are the recorder the app gives the services.
import type { Prisma } from '../generated/prisma/client.ts';

export const LEAD_EVENT_TYPES = ['lead.created', 'lead.updated'] as const;
export type LeadEventType = (typeof LEAD_EVENT_TYPES)[number];

export interface LeadEventRecorder {
  record(tx: Prisma.TransactionClient, leadId: number, type: LeadEventType): Promise<void>;
}
