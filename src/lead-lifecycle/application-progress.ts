// An application's progress as its provider tells it (PATCH leads/{id}): the stages, and the progress
// the customer sees, worked out from the provider's changes (ApplicationProgress rows, oldest first).
// Pure.
export const PROGRESS_STAGES = [
  'received',
  'in-review',
  'documents-requested',
  'viewing-offered',
  'offer-made',
  'offer-accepted',
  'completed',
  'unsuccessful',
  'withdrawn',
] as const;
export type ProgressStage = (typeof PROGRESS_STAGES)[number];

/** Stages after which the application goes no further: no open-day slots are offered for these. */
export const CLOSED_STAGES: readonly ProgressStage[] = ['unsuccessful', 'withdrawn'];

/** How each stage reads to the customer (the e-mail, and the portal's stepper). */
export const STAGE_NAMES: Record<ProgressStage, string> = {
  received: 'Application received',
  'in-review': 'In review',
  'documents-requested': 'Documents requested',
  'viewing-offered': 'Viewing offered',
  'offer-made': 'Offer made',
  'offer-accepted': 'Offer accepted',
  completed: 'Completed',
  unsuccessful: 'Unsuccessful',
  withdrawn: 'Withdrawn',
};

export interface ProgressChange {
  stage: string;
  position: number | null;
  note: string | null;
  createdAt: Date;
}

/** Where documents the provider asks for go: the listing's housing provider and its contact e-mail. */
export interface SendDocumentsTo {
  provider: string;
  email: string | null;
}

/** The housing provider of an application's listing, as the store holds it. */
export interface ProviderContact {
  name: string;
  contactEmail: string | null;
}

/** The application's read of its provider's contact (a Prisma select under `listing`). */
export const providerContactSelect = {
  development: { select: { housingProvider: { select: { name: true, contactEmail: true } } } },
} as const;

export interface Progress {
  stage: ProgressStage;
  position: number | null;
  note: string | null;
  /** while the stage is documents-requested: where to send them; null otherwise */
  sendDocumentsTo: SendDocumentsTo | null;
  updatedAt: string;
  history: { stage: ProgressStage; at: string }[];
}

export function sendDocumentsToOf(stage: string, provider: ProviderContact | null | undefined): SendDocumentsTo | null {
  return stage === 'documents-requested' && provider ? { provider: provider.name, email: provider.contactEmail } : null;
}

/**
 * The progress of an application made at `received`: "received" then, until its provider changes it.
 * The history holds each stage it entered, once per entry (a change of the note or the place alone is
 * not a new stage).
 */
export function progressOf(changes: readonly ProgressChange[], received: Date, provider?: ProviderContact | null): Progress {
  const history: Progress['history'] = [{ stage: 'received', at: received.toISOString() }];
  for (const c of changes) {
    if (c.stage !== history.at(-1)!.stage) history.push({ stage: c.stage as ProgressStage, at: c.createdAt.toISOString() });
  }
  const last = changes.at(-1);
  return {
    // the column holds only the stages the service writes
    stage: (last?.stage ?? 'received') as ProgressStage,
    position: last?.position ?? null,
    note: last?.note ?? null,
    sendDocumentsTo: sendDocumentsToOf(last?.stage ?? 'received', provider),
    updatedAt: (last?.createdAt ?? received).toISOString(),
    history,
  };
}

export const isClosedStage = (stage: string | undefined): boolean => stage !== undefined && (CLOSED_STAGES as readonly string[]).includes(stage);
