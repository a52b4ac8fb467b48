// The e-mail of a change of an application's progress: the stage reached, the place in the queue, the
// provider's note, and a link to the application in the account.
import type { MailMessage } from '../mail/mailer.ts';
import { mailHtml, mailText, type MailBlock, type MailContent } from '../mail/mail-layout.ts';
import { STAGE_NAMES, type ProgressStage } from '../lead-lifecycle/application-progress.ts';

export interface ProgressMailInput {
  to: string;
  firstName: string | null;
  listingName: string;
  stage: ProgressStage;
  position: number | null;
  note: string | null;
  /** the application in the portal's account */
  url: string;
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
  unsuccessful: 'Your application has not been successful this time.',
  withdrawn: 'Your application has been withdrawn.',
};

export function progressMail(input: ProgressMailInput, changeId: number): MailMessage {
  const stage = STAGE_NAMES[input.stage];
  const blocks: MailBlock[] = [
    { kind: 'text', text: `Hello ${input.firstName ?? 'there'},` },
    { kind: 'text', text: `${WHAT_NEXT[input.stage]} This is about your application for ${input.listingName}.` },
    {
      kind: 'card',
      title: `Stage: ${stage}`,
      lines: [...(input.position !== null ? [`Your place in the queue: ${input.position}`] : [])],
    },
    ...(input.note ? [{ kind: 'heading', text: 'A note from the provider' } as MailBlock, { kind: 'text', text: input.note } as MailBlock] : []),
    { kind: 'button', label: 'See your application', url: input.url },
  ];
  const content: MailContent = {
    title: `${input.listingName}: ${stage}`,
    blocks,
    footer: [{ kind: 'text', text: 'You get this e-mail because you registered interest in this home. Every change of your application is e-mailed once.' }],
  };
  return {
    to: input.to,
    subject: `Your application for ${input.listingName}: ${stage}`,
    text: mailText(content),
    html: mailHtml(content),
    headers: { [PROGRESS_CHANGE_HEADER]: String(changeId) },
  };
}
