// The e-mails of the sign-in flows, one template each on the e-mail outbox: a magic link for signing in,
// changing the e-mail, resetting the password and confirming an address (after password registration or
// a change of address). Each carries its link as a button (and, in the plain text, its address).
import { mailHtml, mailText, type MailContent } from '../mail/mail-layout.ts';
import type { OutboxMessage, RenderedMail } from '../mail/mail-outbox.ts';
import type { MagicLinkPurpose } from './magic-links.ts';

const COPY: Record<MagicLinkPurpose, { template: string; subject: string; intro: string; action: string }> = {
  'sign-in': {
    template: 'sign-in-link',
    subject: 'Your sign-in link',
    intro: 'Use the link below to sign in to your account.',
    action: 'Sign in',
  },
  'change-email': {
    template: 'change-email-link',
    subject: 'Confirm the change of your e-mail address',
    intro: 'Use the link below to change the e-mail address of your account.',
    action: 'Change my e-mail address',
  },
  'confirm-email': {
    template: 'confirm-email-link',
    subject: 'Confirm your e-mail address',
    intro:
      'An account on our portal was given this e-mail address. Use the link below to confirm that it is yours and sign in: ' +
      'the account becomes yours, any password set for it is removed and every other session ends ' +
      '(set a new password with "Forgot password" if you want one).',
    action: 'Confirm my e-mail address',
  },
  'reset-password': {
    template: 'reset-password-link',
    subject: 'Reset your password',
    intro: 'Use the link below to choose a new password.',
    action: 'Choose a new password',
  },
};

export class SignInLinkMail implements OutboxMessage {
  readonly template: string;

  constructor(
    private readonly purpose: MagicLinkPurpose,
    private readonly link: string,
    private readonly validMinutes: number,
  ) {
    this.template = COPY[purpose].template;
  }

  render(): RenderedMail {
    const { subject, intro, action } = COPY[this.purpose];
    const content: MailContent = {
      title: subject,
      blocks: [
        { kind: 'text', text: intro },
        { kind: 'button', label: action, url: this.link },
      ],
      footer: [{ kind: 'text', text: `The link works once and expires in ${this.validMinutes} minutes. If you did not ask for it, ignore this e-mail.` }],
    };
    return { subject, text: mailText(content), html: mailHtml(content) };
  }
}
