// What the customer services need to e-mail about an application: the one e-mail outbox
// (mail/mail-outbox.ts) and the link to the application in the portal's account.
import type { MailOutbox } from '../mail/mail-outbox.ts';

export interface ApplicationLinks {
  /** the application in the portal's account */
  application(id: number): string;
  /** a listing's page in the portal */
  listing(slug: string): string;
}

export function applicationLinks(baseUrl: string): ApplicationLinks {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    application: (id) => `${base}/account/applications#application-${id}`,
    listing: (slug) => `${base}/listings/${encodeURIComponent(slug)}`,
  };
}

export interface ApplicationMails {
  outbox: MailOutbox;
  links: ApplicationLinks;
}
