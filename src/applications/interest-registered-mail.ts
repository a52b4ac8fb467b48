// The e-mail that acknowledges a registration of interest: which home, the eligibility decision in words
// (with its reasons), and what happens next.
import { mailHtml, mailText, type MailBlock, type MailContent } from '../mail/mail-layout.ts';
import type { OutboxMessage, RenderedMail } from '../mail/mail-outbox.ts';

export interface InterestRegisteredInput {
  firstName: string | null;
  listingName: string;
  /** the home named, when interest was in one ("Flat 2, Canal Wharf") */
  propertyName: string | null;
  provider: string;
  decision: { status: string; messages: string[] };
  /** the application in the portal's account */
  url: string;
}

const DECISION_TEXT: Record<string, string> = {
  passed: 'You are eligible',
  considered: 'You may be eligible: the provider will consider your application',
  incomplete: 'We need more details to check your eligibility',
  failed: 'You are not eligible for this home',
  'not-checked': 'Eligibility was not checked',
};

const WHAT_NEXT: Record<string, string> = {
  passed: 'The provider now reviews your application. Each step it takes is e-mailed to you, and you can follow it in your account, where you can also book a place at an open day when one is offered.',
  considered: 'The provider now reviews your application and decides. Each step it takes is e-mailed to you, and you can follow it in your account.',
  incomplete: 'Add the missing details to your application in your account, so that your eligibility can be checked.',
  failed: 'This application goes no further, and no open day can be booked for it. Other homes may suit you: search again with your details to see the homes you are eligible for.',
  'not-checked': 'The provider now reviews your application. Each step it takes is e-mailed to you, and you can follow it in your account.',
};

export class InterestRegisteredMail implements OutboxMessage {
  readonly template = 'interest-registered';

  constructor(private readonly input: InterestRegisteredInput) {}

  render(): RenderedMail {
    const { input } = this;
    const home = input.propertyName ? `${input.propertyName}, ${input.listingName}` : input.listingName;
    const decision = DECISION_TEXT[input.decision.status] ?? DECISION_TEXT['not-checked']!;
    const blocks: MailBlock[] = [
      { kind: 'text', text: `Hello ${input.firstName ?? 'there'},` },
      { kind: 'text', text: `Thank you for registering your interest in ${home}. ${input.provider} has your application.` },
      { kind: 'card', title: decision, lines: input.decision.messages },
      { kind: 'heading', text: 'What happens next' },
      { kind: 'text', text: WHAT_NEXT[input.decision.status] ?? WHAT_NEXT['not-checked']! },
      { kind: 'button', label: 'See your application', url: input.url },
    ];
    const content: MailContent = {
      title: `Your interest in ${input.listingName}`,
      blocks,
      footer: [{ kind: 'text', text: 'You get this e-mail because you registered interest in this home.' }],
    };
    return { subject: `We have your interest in ${input.listingName}`, text: mailText(content), html: mailHtml(content) };
  }
}
