// The little of jsdom the portal's cleaner test uses. Its published types pull in the DOM library,
// whose fetch types clash with Node's in the rest of the project.
declare module 'jsdom' {
  interface JsdomAttribute {
    name: string;
    value: string;
  }
  interface JsdomElement {
    localName: string;
    attributes: ArrayLike<JsdomAttribute> & Iterable<JsdomAttribute>;
  }
  interface JsdomWindow {
    document: { body: { querySelectorAll(selectors: string): ArrayLike<JsdomElement> & Iterable<JsdomElement> } };
  }
  export class JSDOM {
    constructor(html?: string);
    readonly window: JsdomWindow;
  }
}
