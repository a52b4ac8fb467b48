// Hostile text in feeds: what the cleaning keeps, the limits checked before it, and the pictures let
// through to the decoder (their bytes, not their names). The timing of the same inputs against the
// running service is in test/integration/feeds-hostile.test.ts.
import { expect } from 'chai';
import sharp from 'sharp';
import { blmHome } from '../../src/feeds/blm/blm-home.ts';
import { parseBlm } from '../../src/feeds/blm/blm-parser.ts';
import { addressPart } from '../../src/feeds/feed-rules.ts';
import { htmlToText, plainLine } from '../../src/feeds/feed-text.ts';
import { FeedMedia } from '../../src/feeds/feed-media.ts';
import { MemoryStore } from '../support/memory-media-store.ts';
import { trimmed, validate } from '../../src/core/validation.ts';
import { ValidationError } from '../../src/core/errors.ts';
import * as yup from 'yup';

const record = (over: Record<string, string> = {}): Record<string, string> => ({
  AGENT_REF: 'A1', BRANCH_ID: '9', ADDRESS_1: '1 High St', POSTCODE1: 'SW1A', POSTCODE2: '1AA', DISPLAY_ADDRESS: 'High St, London',
  SUMMARY: 'A flat.', STATUS_ID: '0', BEDROOMS: '2', PRICE: '250,000', PROP_SUB_ID: '8', TRANS_TYPE_ID: '1', ...over,
});


describe('feeds: hostile text', () => {
  it('keeps markup-like text that is no markup as text: 40,000 "<" stay 40,000 "<"', () => {
    expect(htmlToText('<'.repeat(40_000))).to.equal('<'.repeat(40_000));
    expect(htmlToText('Rooms < 3 & gardens > 2')).to.equal('Rooms < 3 & gardens > 2');
  });

  it('collapses 40,000 line breaks to one paragraph break', () => {
    expect(htmlToText(`Top${'\r\n'.repeat(20_000)}${'\n'.repeat(20_000)}bottom`)).to.equal('Top\n\nbottom');
    expect(plainLine(`a${'\n'.repeat(40_000)}b`)).to.equal('a b');
  });

  it('removes control characters (escape, bell, DEL, C1, bidirectional overrides), keeping tabs as spaces and line breaks', () => {
    expect(htmlToText('Red\u001b[31m bell\u0007 del\u007f c1\u0085 rlo\u202Egnp.exe iso\u2066x\u2069\tTab\rCR\r\nCRLF &#27;[0m')).to.equal('Red[31m bell del c1 rlognp.exe isox Tab\nCR\nCRLF [0m');
    expect(plainLine('One\u001b line')).to.equal('One line');
  });

  it('trims address lines and text without regard to how long the run of spaces or commas is', () => {
    expect(addressPart(`  "Holly Court"${' ,'.repeat(20_000)}`)).to.equal('Holly Court');
    expect(addressPart(`1\n${'\n'.repeat(9_000)}High St,\u001b`)).to.equal('1 High St');
    expect(trimmed(`${' \r\n\t'.repeat(10_000)}x${' \r\n\t'.repeat(10_000)}`)).to.equal('x');
  });

  it('refuses a BLM value longer than a feed may send, naming the column, before cleaning it', () => {
    const row = blmHome(record({ DESCRIPTION: 'x'.repeat(100_001), SUMMARY: 's'.repeat(10_001) }), 'full-value');
    expect(row.home).to.equal(null);
    expect(row.errors).to.deep.equal([
      { field: 'SUMMARY', message: 'longer than 10,000 characters' },
      { field: 'DESCRIPTION', message: 'longer than 100,000 characters' },
    ]);
    expect(blmHome(record({ DESCRIPTION: 'x'.repeat(100_000) }), 'full-value').home).to.not.equal(null);
  });

  it('makes a column that held a NUL a row error', () => {
    const row = blmHome(record({ SUMMARY: 'A flat.' }), 'full-value', ['SUMMARY']);
    expect(row.errors).to.deep.equal([{ field: 'SUMMARY', message: 'holds a NUL character' }]);
  });

  it('refuses a #DEFINITION# column name with a control character', () => {
    const file = "#HEADER#\nVersion : 3\nEOF : '^'\nEOR : '~'\n#DEFINITION#\nAGENT_REF^BRANCH_ID^X\u001b^~\n#DATA#\n#END#\n";
    expect(() => parseBlm(new TextEncoder().encode(file))).to.throw(/control character/);
  });

  it('refuses control characters in text validated with `controls`, naming the field; a CR LF and a tab pass', () => {
    const schema = yup.object({ name: yup.string(), notes: yup.array(yup.string()) });
    const refused = (body: unknown) => {
      try {
        validate(schema, body, { controls: true });
      } catch (err) {
        return (err as ValidationError).errors;
      }
      return null;
    };
    expect(refused({ name: 'Court\u001b[2J' })).to.have.property('name');
    expect(refused({ name: 'ok', notes: ['fine', 'evil\u202E'] })).to.have.property('notes[1]');
    expect(refused({ name: 'Lone\rreturn' })).to.have.property('name');
    expect(refused({ name: 'Line\r\nbreak\tand tab' })).to.equal(null);
  });
});

describe('feeds: pictures reaching the decoder', () => {
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');

  it('keeps the largest size of a JPEG, PNG, WebP or GIF and makes the two smaller; refuses anything else by its bytes, whatever its name', async () => {
    const store = new MemoryStore();
    const media = new FeedMedia(store, 'http://localhost/media', { maxPixels: 1_000_000, timeoutSeconds: 10 });
    const make = (format: 'jpeg' | 'png' | 'webp' | 'gif') => sharp({ create: { width: 40, height: 30, channels: 3, background: '#369' } })[format]().toBuffer();
    let n = 0;
    const prepare = async (bytes: Buffer) => {
      const key = `feeds/pending/test/${n++}`;
      await store.put(key, bytes);
      return media.prepare(key, `${n}`.padStart(64, '0'));
    };
    for (const format of ['jpeg', 'png', 'webp', 'gif'] as const) {
      expect(await prepare(await make(format)), format).to.equal(true);
      expect(await media.makeSmaller(`${n}`.padStart(64, '0')), format).to.equal('made');
    }
    expect(await prepare(svg)).to.equal('is not a JPEG, PNG, WebP or GIF picture');
    expect(await prepare(await sharp(svg).tiff().toBuffer())).to.equal('is not a JPEG, PNG, WebP or GIF picture');
    expect(await prepare(Buffer.from('just text named .jpg'))).to.equal('is not a JPEG, PNG, WebP or GIF picture');
  });

  it('leaves out a picture of more pixels than the limit, undecoded', async () => {
    const store = new MemoryStore();
    const media = new FeedMedia(store, 'http://localhost/media', { maxPixels: 1_000_000, timeoutSeconds: 10 });
    await store.put('feeds/pending/test/big', await sharp({ create: { width: 1001, height: 1000, channels: 3, background: '#369' } }).png().toBuffer());
    expect(await media.prepare('feeds/pending/test/big', 'b'.repeat(64))).to.equal('has more than 1 million pixels');
    expect([...store.files.keys()].filter((k) => !k.startsWith('feeds/pending/'))).to.deep.equal([]);
  });

  it('tells a picture gone from the store (a row warning) from a store that cannot be read (the row fails)', async () => {
    const store = new MemoryStore();
    const media = new FeedMedia(store, 'http://localhost/media', { maxPixels: 1_000_000, timeoutSeconds: 10 });
    expect(await media.prepare('feeds/pending/test/gone', 'c'.repeat(64))).to.equal('is not in the zip');
    store.get = () => Promise.reject(new Error('connection reset'));
    await store.put('feeds/pending/test/held', await sharp({ create: { width: 40, height: 30, channels: 3, background: '#369' } }).jpeg().toBuffer());
    expect(await media.prepare('feeds/pending/test/held', 'd'.repeat(64))).to.deep.equal({ storeFailed: 'could not be read from the picture store (connection reset)' });
  });
});
