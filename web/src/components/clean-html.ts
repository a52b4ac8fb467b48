// Editors' and providers' HTML (content bodies, FAQ answers), cleaned by DOMPurify before it is shown:
// HTML only (no SVG or MathML), no scripts, frames, styles, forms or event handlers, and links and
// pictures only to http(s), mailto and tel addresses or relative ones. The page's CSP is the second wall.
import DOMPurify, { type WindowLike } from 'dompurify';

/** http(s), mailto and tel, or an address without a scheme (relative, #anchor, ?query) */
const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
const URI_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'background', 'poster', 'cite', 'srcset']);

/** a cleaner on its own DOMPurify instance, for the given window (the browser's, or a DOM implementation's in tests) */
export function makeHtmlCleaner(window: WindowLike): (html: string) => string {
  const purify = DOMPurify(window);
  // DOMPurify lets data: pictures through on <img>; no address here may carry another scheme.
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (!URI_ATTRIBUTES.has(data.attrName)) return;
    // eslint-disable-next-line no-control-regex -- browsers ignore these characters inside a scheme
    if (!ALLOWED_URI.test(data.attrValue.replace(/[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g, ''))) data.keepAttr = false;
  });
  const config = {
    USE_PROFILES: { html: true },
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'base', 'link', 'meta'],
    FORBID_ATTR: ['style', 'srcset', 'action', 'formaction'],
  };
  return (html: string) => purify.sanitize(html, config);
}

let cleaner: ((html: string) => string) | undefined;

/** the page's cleaner (made on first use, with the browser's window) */
export function cleanHtml(html: string): string {
  cleaner ??= makeHtmlCleaner(globalThis as unknown as WindowLike); // the browser's window
  return cleaner(html);
}
