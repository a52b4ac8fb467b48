import { expect } from 'chai';
import { progressOf, isClosedStage, type ProgressChange } from '../../src/lead-lifecycle/application-progress.ts';
import { mailHtml, mailText } from '../../src/mail/mail-layout.ts';
import { ProgressMail } from '../../src/applications/progress-mail.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));
const change = (stage: string, minute: number, extra: Partial<ProgressChange> = {}): ProgressChange => ({
  stage,
  position: null,
  note: null,
  createdAt: at(minute),
  ...extra,
});

describe('application progress', () => {
  it('is "received" at the enquiry until the provider changes it', () => {
    expect(progressOf([], at(0))).to.deep.equal({
      stage: 'received',
      position: null,
      note: null,
      sendDocumentsTo: null,
      updatedAt: at(0).toISOString(),
      history: [{ stage: 'received', at: at(0).toISOString() }],
    });
  });

  it('takes the latest change, and lists each stage entered once per entry (not a change of the note or place alone)', () => {
    const progress = progressOf(
      [
        change('received', 1, { position: 9 }),
        change('in-review', 2, { position: 7 }),
        change('in-review', 3, { position: 5, note: 'Nearly there' }),
        change('documents-requested', 4),
        change('in-review', 5, { position: 2, note: 'Thank you' }),
      ],
      at(0),
    );
    expect(progress).to.include({ stage: 'in-review', position: 2, note: 'Thank you', updatedAt: at(5).toISOString() });
    expect(progress.history).to.deep.equal([
      { stage: 'received', at: at(0).toISOString() },
      { stage: 'in-review', at: at(2).toISOString() },
      { stage: 'documents-requested', at: at(4).toISOString() },
      { stage: 'in-review', at: at(5).toISOString() },
    ]);
  });

  it('closes an application at unsuccessful or withdrawn only', () => {
    expect(['unsuccessful', 'withdrawn'].map(isClosedStage)).to.deep.equal([true, true]);
    expect(['received', 'completed', 'offer-made', undefined].map(isClosedStage)).to.deep.equal([false, false, false, false]);
  });
});

describe('e-mail layout', () => {
  const content = {
    title: 'Canal <Wharf>: In review',
    blocks: [
      { kind: 'text' as const, text: 'Hello "Ada" & co,' },
      { kind: 'card' as const, title: 'Stage: In review', lines: ['Your place in the queue: 3'] },
      { kind: 'button' as const, label: 'See your application', url: 'https://portal.example.org/account/applications?a=1&b=2' },
    ],
    footer: [{ kind: 'text' as const, text: 'Why you get this.' }],
  };

  it('is one column that fits a phone, with its text escaped and the first paragraph as the preheader', () => {
    const html = mailHtml(content);
    expect(html).to.match(/^<!DOCTYPE html>/);
    expect(html).to.include('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(html).to.include('max-width:600px');
    expect(html).to.include('Canal &lt;Wharf&gt;: In review');
    expect(html).to.include('Hello &quot;Ada&quot; &amp; co,');
    expect(html).to.include('href="https://portal.example.org/account/applications?a=1&amp;b=2"');
    expect(html).to.not.include('<Wharf>');
  });

  it('has a plain-text part of the same blocks, with each link written out', () => {
    expect(mailText(content)).to.equal(
      [
        'Canal <Wharf>: In review',
        '',
        'Hello "Ada" & co,',
        '',
        '* Stage: In review\n  Your place in the queue: 3',
        '',
        'See your application: https://portal.example.org/account/applications?a=1&b=2',
        '',
        '--',
        '',
        'Why you get this.',
        '',
      ].join('\n'),
    );
  });

  it("says where to send documents while they are requested, from the listing's provider, and nowhere else", () => {
    const provider = { name: 'Canal Homes', contactEmail: 'homes@canal.example.org' };
    expect(progressOf([change('documents-requested', 1, { note: 'Payslips' })], at(0), provider).sendDocumentsTo).to.deep.equal({ provider: 'Canal Homes', email: 'homes@canal.example.org' });
    expect(progressOf([change('documents-requested', 1)], at(0), { name: 'Canal Homes', contactEmail: null }).sendDocumentsTo).to.deep.equal({ provider: 'Canal Homes', email: null });
    for (const stage of ['received', 'in-review', 'viewing-offered', 'unsuccessful']) expect(progressOf([change(stage, 1)], at(0), provider).sendDocumentsTo, stage).to.equal(null);
  });

  it('words the progress e-mail for the stage, with the note only when there is one', () => {
    const base = { firstName: null, listingName: 'Canal Wharf', position: null, url: 'https://p.example/a', sendDocumentsTo: null };
    const offer = new ProgressMail({ ...base, stage: 'offer-made', note: 'Call us', changeId: 7 }).render();
    expect(offer.subject).to.equal('Your application for Canal Wharf: Offer made');
    expect(offer.text).to.include('Hello there,').and.include('The provider has made you an offer.').and.include('A note from the provider').and.include('Call us');
    expect(offer.headers).to.deep.equal({ 'X-Application-Progress': '7' });
    const plain = new ProgressMail({ ...base, stage: 'unsuccessful', note: null, changeId: 8 }).render();
    expect(plain.text).to.include('has not been successful').and.not.include('A note from the provider');
  });
});
