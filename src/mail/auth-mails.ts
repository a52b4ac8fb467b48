// The e-mails of the sign-in flows: a magic link for signing in, changing the e-mail, resetting the
// password and confirming an address (after password registration or a change of address).
import escapeHtml from 'escape-html';
import type { MailMessage } from './mailer.ts';

export type LinkMailKind = 'sign-in' | 'change-email' | 'reset-password' | 'confirm-email';

const COPY: Record<LinkMailKind, { subject: string; intro: string; action: string }> = {
  'sign-in': {
    subject: 'Your sign-in link',
    intro: 'Use the link below to sign in to your account.',
    action: 'Sign in',
  },
  'change-email': {
    subject: 'Confirm the change of your e-mail address',
    intro: 'Use the link below to change the e-mail address of your account.',
    action: 'Change my e-mail address',
  },
  'confirm-email': {
    subject: 'Confirm your e-mail address',
    intro:
      'An account on our portal was given this e-mail address. Use the link below to confirm that it is yours and sign in: ' +
      'the account becomes yours, any password set for it is removed and every other session ends ' +
      '(set a new password with "Forgot password" if you want one).',
    action: 'Confirm my e-mail address',
  },
  'reset-password': {
    subject: 'Reset your password',
    intro: 'Use the link below to choose a new password.',
    action: 'Choose a new password',
  },
};

export function linkMail(kind: LinkMailKind, to: string, link: string, validMinutes: number): MailMessage {
  const { subject, intro, action } = COPY[kind];
  const outro = `The link works once and expires in ${validMinutes} minutes. If you did not ask for it, ignore this e-mail.`;
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${link}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}
