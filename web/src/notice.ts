// A message for the next page: what happened on the way there (e.g. the confirmation link mailed at
// sign-up), said once at the top of the page the visitor is sent on to (Layout.tsx).
const KEY = 'portal.notice';

export const notice = {
  set: (text: string) => sessionStorage.setItem(KEY, text),
  /** the message, once */
  take: (): string | null => {
    const text = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return text;
  },
};
