import { expect } from 'chai';
import { PlaceSuggestions, oneEditAway, range, suggestionOf, type Suggestion } from '../../src/places/place-suggestions.ts';
import type { Place } from '../../src/places/gazetteer.ts';

type Seed = Suggestion & { population?: number };
const place = (type: Suggestion['type'], name: string, context: string | null, population = 0): Seed => ({
  id: `${type}:${name}:${context}`,
  type,
  name,
  label: context ? `${name}, ${context}` : name,
  location: context ? `${name}, ${context}` : name,
  latitude: 54,
  longitude: -2,
  population,
});

const index = new PlaceSuggestions([
  place('town', 'Newcastle upon Tyne', 'Tyne and Wear', 192_382),
  place('town', 'Newcastle under Lyme', 'Staffordshire', 75_794),
  place('county', 'Tyne and Wear', 'North East'),
  place('town', 'Manchester', 'Greater Manchester', 395_515),
  place('county', 'Greater Manchester', 'North West'),
  place('town', 'Richmond', 'North Yorkshire', 8_413),
  place('town', 'Richmond', 'Greater London', 8_360),
  place('local_authority', 'Richmond upon Thames', 'Greater London'),
  place('town', 'Ystradgynlais', 'Powys', 8_000),
  place('town', "King's Lynn", 'Norfolk', 42_800),
  place('town', 'Bolton', 'Greater Manchester', 139_403),
  place('region', 'North West', null),
  place('town', 'Northwich', 'Cheshire', 19_924),
  place('district', 'SW1A', 'Westminster'),
  place('district', 'SW1E', 'Westminster'),
  place('district', 'M1', 'Manchester'),
  place('district', 'M11', 'Manchester'),
]);
const names = (q: string, size = 8) => index.suggest(q, size).map((s) => s.label);

describe('place suggestions (the matcher)', () => {
  it('matches a prefix of any word of a name, in any case and without accents', () => {
    expect(names('tyne')).to.deep.equal(['Tyne and Wear, North East', 'Newcastle upon Tyne, Tyne and Wear']);
    expect(names('NEWC')).to.deep.equal(['Newcastle upon Tyne, Tyne and Wear', 'Newcastle under Lyme, Staffordshire']);
    expect(names('Bôlton')).to.deep.equal(['Bolton, Greater Manchester']);
    expect(names('kings ly')).to.deep.equal(["King's Lynn, Norfolk"]);
    expect(names('newcastle upo')).to.deep.equal(['Newcastle upon Tyne, Tyne and Wear']);
    // "up" is one letter from "un": after the true match
    expect(names('newcastle up')).to.deep.equal(['Newcastle upon Tyne, Tyne and Wear', 'Newcastle under Lyme, Staffordshire']);
  });

  it('gives nothing for fewer than 2 characters once trimmed', () => {
    expect(names('')).to.deep.equal([]);
    expect(names(' n ')).to.deep.equal([]);
    expect(names('ne')).to.have.length.greaterThan(0);
  });

  it('puts an exact name first, then broader areas, then larger towns, then alphabetically', () => {
    expect(names('manchester')).to.deep.equal(['Manchester, Greater Manchester', 'Greater Manchester, North West']);
    expect(names('north')).to.deep.equal(['North West', 'Northwich, Cheshire']);
    expect(names('richmond')).to.deep.equal(['Richmond, North Yorkshire', 'Richmond, Greater London', 'Richmond upon Thames, Greater London']);
    expect(names('rich')).to.deep.equal(['Richmond upon Thames, Greater London', 'Richmond, North Yorkshire', 'Richmond, Greater London']);
  });

  it('narrows by the area after a comma', () => {
    expect(names('richmond, north y')).to.deep.equal(['Richmond, North Yorkshire']);
    expect(names('richmond, greater')).to.deep.equal(['Richmond, Greater London', 'Richmond upon Thames, Greater London']);
  });

  it('forgives one wrong, missing or extra letter from 4 letters, after the true matches', () => {
    expect(names('manchexter')).to.deep.equal(['Greater Manchester, North West', 'Manchester, Greater Manchester']);
    expect(names('manchster')).to.include('Manchester, Greater Manchester');
    expect(names('mannchester')).to.include('Manchester, Greater Manchester');
    expect(names('boltn')).to.deep.equal(['Bolton, Greater Manchester']);
    expect(names('xbolton')).to.deep.equal(['Bolton, Greater Manchester']);
    expect(names('ystrd')).to.deep.equal(['Ystradgynlais, Powys']);
    // a true prefix match ranks before a typo match
    expect(names('rich')[0]).to.equal('Richmond upon Thames, Greater London');
    expect(names('boltn')).to.not.include('Tyne and Wear, North East');
  });

  it('forgives no typo under 4 letters, nor two typos', () => {
    expect(names('blt')).to.deep.equal([]);
    expect(names('bol')).to.deep.equal(['Bolton, Greater Manchester']);
    expect(names('bxlxon')).to.deep.equal([]);
    expect(names('mxnchexter')).to.deep.equal([]);
  });

  it('matches postcode districts in any case and spacing, the exact one first', () => {
    expect(names('sw1')).to.deep.equal(['SW1A, Westminster', 'SW1E, Westminster']);
    expect(names('M1')).to.deep.equal(['M1, Manchester', 'M11, Manchester']);
    expect(names(' m 11 ')).to.deep.equal(['M11, Manchester']);
  });

  it('puts a postcode the query spells in full first, and other postcodes after the places', () => {
    const pc = (name: string): Suggestion => ({ id: `postcode:${name}`, type: 'postcode', name, label: name, location: name, latitude: 51.5, longitude: -0.14 });
    expect(index.suggest('sw1a1aa', 8, [pc('SW1A 1AA')]).map((s) => s.name)).to.deep.equal(['SW1A 1AA']);
    // "M1 1" spells district M11 too: districts before postcodes
    expect(index.suggest('M1 1', 8, [pc('M1 1AD'), pc('M1 1AE')]).map((s) => s.name)).to.deep.equal(['M11', 'M1 1AD', 'M1 1AE']);
  });

  it('keeps to the size asked for', () => {
    expect(names('n', 1)).to.deep.equal([]);
    expect(names('ne', 1)).to.have.length(1);
  });

  it('lists every prefix one edit away, and finds prefixes in a sorted list', () => {
    const edits = oneEditAway('abc');
    for (const e of ['bc', 'ac', 'ab', 'xbc', 'axc', 'abx', 'xabc', 'abxc', 'abcx']) expect(edits.has(e), e).to.equal(true);
    expect(edits.has('abc')).to.equal(false);
    expect(edits.has('cab')).to.equal(false);
    expect(range(['a', 'ab', 'abc', 'abd', 'b'], 'ab')).to.deep.equal([1, 4]);
    expect(range(['a', 'b'], 'c')).to.deep.equal([2, 2]);
  });

  it('gives a place the first of its label and name that resolves to that very place, or no suggestion', () => {
    const richmond: Place = { kind: 'town', name: 'Richmond', id: '1', context: 'North Yorkshire', center: { lat: 54.4, lng: -1.7 }, rect: { north: 54.5, south: 54.3, east: -1.6, west: -1.8 } };
    const other: Place = { ...richmond, id: '2', center: { lat: 51.46, lng: -0.3 } };
    const byLabel = suggestionOf(richmond, (text) => (text === 'Richmond, North Yorkshire' ? richmond : other));
    expect(byLabel).to.deep.include({ id: 'town:1', type: 'town', location: 'Richmond, North Yorkshire', latitude: 54.4, longitude: -1.7 });
    expect(suggestionOf(richmond, () => other)).to.equal(null);
    const bristol: Place = { kind: 'local-authority', name: 'Bristol, City of', id: 'E06000023', center: { lat: 51.45, lng: -2.6 }, rect: richmond.rect };
    expect(suggestionOf(bristol, (text) => (text === 'Bristol' ? { ...bristol, center: { lat: 51.5, lng: -2.55 } } : null))).to.deep.include({
      name: 'Bristol',
      location: 'Bristol',
      latitude: 51.5,
    });
  });
});
