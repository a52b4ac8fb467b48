// The e-mail of a change of an application's progress: the stage reached, the place in the queue, the
// provider's note, where to send documents when they are asked for, and a link to the application.
import { mailHtml, mailText, type MailBlock, type MailContent } from '../mail/mail-layout.ts';
import type { OutboxMessage, RenderedMail } from '../mail/mail-outbox.ts';
import { STAGE_NAMES, type ProgressStage, type SendDocumentsTo } from '../lead-lifecycle/application-progress.ts';

export interface ProgressMailInput {
  firstName: string | null;
  listingName: string;
  stage: ProgressStage;
  position: number | null;
  note: string | null;
  /** while documents are requested: the provider and its contact e-mail */
  sendDocumentsTo: SendDocumentsTo | null;
  /** the application in the portal's account */
  url: string;
  /** the change (ApplicationProgress id) the e-mail tells */
  changeId: number;
}

/** Names the change (ApplicationProgress id) an e-mail tells, for tracing. */
export const PROGRESS_CHANGE_HEADER = 'X-Application-Progress';

const WHAT_NEXT: Record<ProgressStage, string> = {
  received: 'Your application has been received.',
  'in-review': 'The provider is reviewing your application.',
  'documents-requested': 'The provider needs documents from you to go on with your application.',
  'viewing-offered': 'The provider offers you a viewing of the home.',
  'offer-made': 'The provider has made you an offer.',
  'offer-accepted': 'Your acceptance of the offer has been recorded.',
  completed: 'Your application is complete.',
  unsuccessful: 'Your application has not been successful this time. It is closed, and any open day you had booked for it is cancelled.',
  withdrawn: 'Your application has been withdrawn. It is closed, and any open day you had booked for it is cancelled.',
};

/** Where and how to send the documents asked for, in words. */
export function sendDocumentsText(to: SendDocumentsTo): string {
  return to.email
    ? `Send them to ${to.provider} by e-mail at ${to.email}, with the name of the home and your full name in the subject.`
    : `Send them to ${to.provider}, as its note says.`;
}

export class ProgressMail implements OutboxMessage {
  readonly template = 'application-progress';

  constructor(private readonly input: ProgressMailInput) {}

  render(): RenderedMail {
    const { input } = this;
    const stage = STAGE_NAMES[input.stage];
    const documents = input.sendDocumentsTo;
    const blocks: MailBlock[] = [
      { kind: 'text', text: `Hello ${input.firstName ?? 'there'},` },
      { kind: 'text', text: `${WHAT_NEXT[input.stage]} This is about your application for ${input.listingName}.` },
      {
        kind: 'card',
        title: `Stage: ${stage}`,
        lines: [...(input.position !== null ? [`Your place in the queue: ${input.position}`] : [])],
      },
      ...(input.note ? [{ kind: 'heading', text: 'A note from the provider' } as MailBlock, { kind: 'text', text: input.note } as MailBlock] : []),
      ...(documents
        ? [
            { kind: 'heading', text: 'Where to send your documents' } as MailBlock,
            { kind: 'text', text: sendDocumentsText(documents) } as MailBlock,
            ...(documents.email ? [{ kind: 'link', label: `E-mail ${documents.email}`, url: `mailto:${documents.email}` } as MailBlock] : []),
          ]
        : []),
      { kind: 'button', label: 'See your application', url: input.url },
    ];
    const content: MailContent = {
      title: `${input.listingName}: ${stage}`,
      blocks,
      footer: [{ kind: 'text', text: 'You get this e-mail because you registered interest in this home. Every change of your application is e-mailed once.' }],
    };
    return {
      subject: `Your application for ${input.listingName}: ${stage}`,
      text: mailText(content),
      html: mailHtml(content),
      headers: { [PROGRESS_CHANGE_HEADER]: String(input.changeId) },
    };
  }
}
