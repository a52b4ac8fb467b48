// Which view a listing page presents: the stored one when it is at least as new as the document the
// engine answered; an older mapping's own; never an older stored one.
import { expect } from 'chai';
import { withPageView } from '../../src/listing-index/document/listing-page-views.ts';
import type { ListingView } from '../../src/listings/listing-view.ts';

const view = (name: string) => ({ listing: { name } }) as unknown as ListingView;

describe('listing page view choice', () => {
  it('takes the stored view at the document version or later', () => {
    expect(withPageView({ id: 1 }, 7, { version: 7, view: view('stored') }).view).to.deep.equal(view('stored'));
    expect(withPageView({ id: 1 }, 7, { version: 8, view: view('newer') }).view).to.deep.equal(view('newer'));
    expect(withPageView({ id: 1, view: view('own') }, 7, { version: 7, view: view('stored') }).view).to.deep.equal(view('stored'));
  });

  it("falls back on a document's own view (an older mapping's) when none is stored at its version", () => {
    expect(withPageView({ id: 1, view: view('own') }, 7, undefined).view).to.deep.equal(view('own'));
    expect(withPageView({ id: 1, view: view('own') }, 7, { version: 6, view: view('older') }).view).to.deep.equal(view('own'));
  });

  it('refuses to show a stored view older than the document, or none at all', () => {
    expect(() => withPageView({ id: 3 }, 7, { version: 6, view: view('older') })).to.throw('listing 3: no page view stored at its document\'s version 7 (found 6)');
    expect(() => withPageView({ id: 3 }, 7, undefined)).to.throw('(found none)');
  });

  it('keeps the rest of the document as the engine answered it', () => {
    expect(withPageView({ id: 1, name: 'From the index' }, 2, { version: 2, view: view('stored') })).to.deep.equal({ id: 1, name: 'From the index', view: view('stored') });
  });
});
