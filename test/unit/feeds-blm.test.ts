import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { BlmFormatError, parseBlm } from '../../src/feeds/blm/blm-parser.ts';
import { blmHome } from '../../src/feeds/blm/blm-home.ts';
import { groupHomes } from '../../src/feeds/feed-grouping.ts';
import { decodeFeedText, htmlToText, parseFeedDate, parseMoney } from '../../src/feeds/feed-text.ts';
import { fullValueOf } from '../../src/feeds/feed-home.ts';
import { blmMonthlyRent, rtdfMonthlyRent } from '../../src/feeds/feed-codes.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/feeds/${name}`, import.meta.url));
const text = (s: string) => new TextEncoder().encode(s);

function blm(opts: { eof?: string; eor?: string; nl?: string; header?: string; columns: string[]; rows: string[][]; end?: boolean }): Uint8Array {
  const { eof = '|', eor = '~', nl = '\n' } = opts;
  return text(
    `#HEADER#${nl}${opts.header ?? `Version : 3${nl}EOF : '${eof}'${nl}EOR : '${eor}'`}${nl}${nl}#DEFINITION#${nl}${opts.columns.join(eof)}${eof}${eor}${nl}#DATA#${nl}` +
      opts.rows.map((r) => `${r.join(eof)}${eof}${eor}${nl}`).join('') +
      (opts.end === false ? '' : `#END#${nl}`),
  );
}

const BASE = ['AGENT_REF', 'BRANCH_ID', 'ADDRESS_1', 'POSTCODE1', 'POSTCODE2', 'DISPLAY_ADDRESS', 'SUMMARY', 'STATUS_ID', 'BEDROOMS', 'PRICE', 'PROP_SUB_ID', 'TRANS_TYPE_ID'];
const record = (over: Record<string, string> = {}): Record<string, string> => ({
  AGENT_REF: 'A1', BRANCH_ID: '9', ADDRESS_1: '1 High St', POSTCODE1: 'SW1A', POSTCODE2: '1AA', DISPLAY_ADDRESS: 'High St, London',
  SUMMARY: 'A flat.', STATUS_ID: '0', BEDROOMS: '2', PRICE: '250,000', PROP_SUB_ID: '8', TRANS_TYPE_ID: '1', ...over,
});

describe('feeds: BLM parser', () => {
  it('reads the separators the header declares, any single character, with LF or CRLF', () => {
    for (const [eof, eor, nl] of [['|', '~', '\n'], ['^', '~', '\r\n'], ['^', '#', '\n'], [';', '@', '\r\n']] as const) {
      const file = parseBlm(blm({ eof, eor, nl, columns: BASE, rows: [BASE.map((c) => record()[c]!)] }));
      expect(file.eof).to.equal(eof);
      expect(file.eor).to.equal(eor);
      expect(file.records).to.have.length(1);
      expect(file.records[0]!.PRICE).to.equal('250,000');
    }
  });

  it('reads the project fixtures: Windows-1252 with CRLF, and UTF-8 with caret and hash', () => {
    const sales = parseBlm(fixture('ashford-sales.blm'));
    expect(sales.propertyCount).to.equal(16);
    expect(sales.records).to.have.length(16);
    expect(sales.warnings).to.deep.equal(['the column TENURE_TYPE_ID is defined twice: the first value given (not empty) is used']);
    const oak = sales.records.find((r) => r.AGENT_REF === 'OAK7')!;
    expect(oak.TENURE_TYPE_ID).to.equal('1');
    expect(sales.records.find((r) => r.AGENT_REF === 'ROSE1')!.SUMMARY).to.equal('A charming cottage – with a garden.');
    const lets = parseBlm(fixture('canterbury-lettings.blm'));
    expect(lets.eof).to.equal('^');
    expect(lets.eor).to.equal('#');
    expect(lets.records.map((r) => r.AGENT_REF)).to.deep.equal(['L1', 'L2', 'L3']);
    expect(lets.records[0]!.SUMMARY).to.equal('Bright flat – café downstairs.');
  });

  it('follows the #DEFINITION# column order, whatever it is', () => {
    const columns = [...BASE].reverse();
    const file = parseBlm(blm({ columns, rows: [columns.map((c) => record({ PRICE: '99' })[c]!)] }));
    expect(file.records[0]!.PRICE).to.equal('99');
    expect(file.records[0]!.AGENT_REF).to.equal('A1');
  });

  const refused: [string, () => Uint8Array, RegExp][] = [
    ['a record of the wrong field count', () => fixture('malformed-field-count.blm'), /record 1 has 27 fields where the #DEFINITION# has 28 columns/],
    ['a missing #END#', () => blm({ columns: BASE, rows: [BASE.map((c) => record()[c]!)], end: false }), /#END# is missing/],
    ['no EOF declared', () => blm({ header: "Version : 3\nEOR : '~'", columns: BASE, rows: [] }), /does not declare EOF/],
    ['a separator of two characters', () => blm({ header: "Version : 3\nEOF : '||'\nEOR : '~'", columns: BASE, rows: [] }), /EOF must be one character/],
    ['version 2', () => blm({ header: "Version : 2\nEOF : '|'\nEOR : '~'", columns: BASE, rows: [] }), /only BLM version 3/],
    ['a Property Count that does not match', () => blm({ header: "Version : 3\nEOF : '|'\nEOR : '~'\nProperty Count : 5", columns: BASE, rows: [BASE.map((c) => record()[c]!)] }), /Property Count is 5 but #DATA# holds 1/],
    ['no AGENT_REF column', () => blm({ columns: BASE.slice(1), rows: [] }), /no AGENT_REF column/],
    ['not a BLM at all', () => text('PK? no, just text'), /#HEADER# is missing/],
  ];
  for (const [what, bytes, message] of refused) {
    it(`refuses ${what}`, () => {
      expect(() => parseBlm(bytes())).to.throw(BlmFormatError, message);
    });
  }
});

describe('feeds: feed text', () => {
  it('decodes UTF-8, and Windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeFeedText(Uint8Array.from([0xa3, 0x35, 0x20, 0x93, 0x6f, 0x6b, 0x94]))).to.equal('£5 “ok”');
    expect(decodeFeedText(text('\uFEFF£5 “ok”'))).to.equal('£5 “ok”');
  });

  it('keeps HTML descriptions as text', () => {
    expect(htmlToText('<p><b>Hall</b><br>Stairs &amp; landing.</p><p>Price &pound;5&nbsp;000</p><script>alert(1)</script><ul><li>Garden</li></ul>')).to.equal('Hall\nStairs & landing.\n\nPrice £5 000\n\n• Garden');
    expect(htmlToText('Line one\\r\\nLine two')).to.equal('Line one\nLine two');
  });

  const prices: [string, number | null][] = [['159,950', 159950], ['£1,200.50', 1200.5], ['-500,000', -500000], ['', null], [' 825 ', 825]];
  for (const [raw, value] of prices) it(`reads the price ${JSON.stringify(raw)}`, () => expect(parseMoney(raw)).to.equal(value));
  it('reads a price that is none as NaN', () => expect(parseMoney('POA')).to.be.NaN);

  it('reads dates, 0000-00-00 as none', () => {
    expect(parseFeedDate('0000-00-00 00:00:00')).to.equal(null);
    expect(parseFeedDate('2026-02-30')).to.equal(null);
    expect(parseFeedDate('2005-09-07 13:43:42')!.toISOString()).to.equal('2005-09-07T13:43:42.000Z');
  });
});

describe('feeds: money of feeds (hand-computed)', () => {
  const rents: [number, number | null, number][] = [
    [300, 0, 1300], // weekly: 300 × 52 / 12
    [1450, 1, 1450], // monthly
    [3000, 2, 1000], // quarterly: / 3
    [12000, 3, 1000], // annual: / 12
  ];
  for (const [rent, frequency, monthly] of rents) it(`BLM rent ${rent} at frequency ${frequency} is ${monthly} a month`, () => expect(blmMonthlyRent(rent, frequency)!.monthly).to.equal(monthly));
  it('BLM rent per person per week is no monthly rent', () => expect(blmMonthlyRent(120, 5)).to.equal(null));
  const rtdf: [number, number, number][] = [[300, 52, 1300], [1450, 12, 1450], [3000, 4, 1000], [12000, 1, 1000], [12, 365, 365]];
  for (const [rent, frequency, monthly] of rtdf) it(`RTDF rent ${rent} paid ${frequency} times a year is ${monthly} a month`, () => expect(rtdfMonthlyRent(rent, frequency)!.monthly).to.equal(monthly));
  const values: [number, boolean, number | null, 'full-value' | 'share-price', number | null][] = [
    [250_000, true, 25, 'full-value', 250_000],
    [62_500, true, 25, 'share-price', 250_000],
    [100_000, true, 40, 'share-price', 250_000],
    [62_500, true, null, 'share-price', null],
    [300_000, false, null, 'share-price', 300_000],
  ];
  for (const [price, shared, pct, meaning, full] of values) {
    it(`full value of ${price} (shared ${shared}, ${pct}%, ${meaning}) is ${full}`, () => expect(fullValueOf(price, shared, pct, meaning)).to.equal(full));
  }
});

describe('feeds: BLM records as homes', () => {
  const rows = () => parseBlm(fixture('ashford-sales.blm')).records.map((r) => blmHome(r, 'full-value'));
  const row = (ref: string) => rows().find((r) => r.agentRef === ref)!;

  it('refuses a row that cannot be a home, naming the column', () => {
    expect(row('NEG1').errors).to.deep.equal([{ field: 'PRICE', message: 'a negative price (-500,000)' }]);
    expect(row('NOPC').errors.map((e) => e.field)).to.deep.equal(['POSTCODE1']);
    expect(row('POA1').errors).to.deep.equal([{ field: 'PRICE', message: 'price on application: a home is listed with its price' }]);
    expect(row('PARK1').errors.map((e) => e.field)).to.deep.equal(['PROP_SUB_ID']);
    expect(row('LAND1').errors).to.deep.equal([{ field: 'PROP_SUB_ID', message: 'Land is not a home' }]);
  });

  it('takes land whose advert describes a house as the house', () => {
    const farm = row('FARM1');
    expect(farm.home!.property.propertyTypeGroup).to.equal('house');
    expect(farm.warnings[0]).to.match(/typed as Land \(20\), but the advert describes a house/);
  });

  it('maps the codes and leaves what the file does not say unknown', () => {
    const rose = row('ROSE1').home!;
    expect(rose.property).to.include({ propertyType: 'Cottage', propertyTypeGroup: 'house', bedrooms: 3, bathrooms: 2, tenure: 'freehold', availabilityStatus: 'available', fullMarketPrice: 425000 });
    expect(row('ROSE1').warnings).to.include('the price qualifier "Guide price" is not shown: the price appears on its own');
    expect(rose.description).to.equal('Sitting room 4.2m × 3.1m\nKitchen with Aga');
    const oak = row('OAK7').home!;
    expect(oak.property).to.include({ bathrooms: null, tenure: 'freehold', availabilityStatus: 'under-offer', fullMarketPrice: 310000 });
    expect(oak.updatedAt).to.equal(null);
    expect(oak.images).to.deep.equal([{ source: { url: 'https://images.example.org/oak7.jpg' }, caption: 'Front' }]);
    const flat = row('HG01').home!;
    expect(flat.property).to.include({ tenure: 'leasehold', fullMarketPrice: 200000, councilTaxBand: null, floorArea: null });
    expect(flat.description).to.equal('Holly Gardens\nEight new flats by the park & the river.\n\n• Price £200,000\n• Landlord’s guarantee');
  });

  it('maps lettings: weekly rent to monthly, furnished, deposit; rent per person refused', () => {
    const lets = parseBlm(fixture('canterbury-lettings.blm')).records.map((r) => blmHome(r, 'full-value'));
    expect(lets[0]!.home!.property).to.include({ monthlyRent: 1300, furnitureStatus: 'furnished', rentalDeposit: 1300, fullMarketPrice: null, availabilityStatus: 'available' });
    expect(lets[0]!.home!.forSale).to.equal(false);
    expect(lets[1]!.home!.property).to.include({ monthlyRent: 1450, furnitureStatus: 'unfurnished', availabilityStatus: 'under-offer' });
    expect(lets[2]!.errors.map((e) => e.field)).to.include('LET_RENT_FREQUENCY');
  });

  it('settles a shared-ownership price by the account setting', () => {
    const so = record({ PRICE: '62,500', PRICE_QUALIFIER: '9', SHARED_OWNERSHIP_PERCENTAGE: '25' });
    expect(blmHome(so, 'share-price').home!.property).to.include({ isSharedOwnership: true, fullMarketPrice: 250000, minSharePercentage: 25 });
    expect(blmHome(so, 'full-value').home!.property).to.include({ isSharedOwnership: true, fullMarketPrice: 62500, minSharePercentage: 25 });
    expect(blmHome(so, 'share-price').home!.schemes).to.deep.equal(['shared-ownership']);
    const noShare = record({ PRICE: '62,500', PRICE_QUALIFIER: '9' });
    expect(blmHome(noShare, 'share-price').errors.map((e) => e.field)).to.deep.equal(['PRICE']);
  });

  it('groups the 8 Holly Gardens flats into one development despite their quotes and new-home flags', () => {
    const homes = rows().flatMap((r) => (r.home ? [r.home] : []));
    const groups = groupHomes(homes);
    const holly = groups.filter((g) => g.development);
    expect(holly).to.have.length(1);
    expect(holly[0]!.homes.map((h) => h.agentRef)).to.deep.equal(['HG01', 'HG02', 'HG03', 'HG04', 'HG05', 'HG06', 'HG07', 'HG08']);
    expect(groups.filter((g) => !g.development).map((g) => g.ref)).to.deep.equal(['rm:701:ROSE1', 'rm:701:OAK7', 'rm:701:FARM1']);
  });

  it('does not group old flats of one block when none is new', () => {
    const a = blmHome(record({ AGENT_REF: 'X1', ADDRESS_1: 'The Poplars' }), 'full-value').home!;
    const b = blmHome(record({ AGENT_REF: 'X2', ADDRESS_1: 'The Poplars ' }), 'full-value').home!;
    expect(groupHomes([a, b]).map((g) => g.development)).to.deep.equal([false, false]);
  });
});
