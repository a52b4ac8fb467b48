// The portal's words for the API's 422 messages (web/src/messages.ts), its count of developments and
// homes from the facets (web/src/search-counts.ts), and a renter's terms (web/src/format.ts).
import { expect } from 'chai';
import { fieldSentence, messageSentence, problemSentences, sentenceOf } from '../../web/src/messages.ts';
import { countsText, homesFound } from '../../web/src/search-counts.ts';
import { rentTerms } from '../../web/src/format.ts';

describe('portal messages in people’s words', () => {
  const cases: [string, string, string][] = [
    ['max_full_value', 'max_full_value must not be below min_full_value', 'Maximum price must not be below the minimum price.'],
    ['max_monthly_rent', 'max_monthly_rent must not be below min_monthly_rent', 'Maximum rent must not be below the minimum rent.'],
    [
      'annualHouseholdIncome',
      'annualHouseholdIncome is required for this listing',
      'Annual household income is needed to register interest in this home.',
    ],
    ['workPostcode', 'workPostcode is required', 'Work postcode is required.'],
    ['name', 'name must not be empty', 'Name of this search must not be empty.'],
    ['query.radius', 'radius must not be negative', 'Distance must not be negative.'],
    ['alerts.newListings', 'alerts.newListings must be true or false', 'New listings alert must be yes or no.'],
    ['homeOwnershipStatus', 'homeOwnershipStatus must be 1, 2, 3 or 4', 'Home ownership must be one of the choices offered.'],
    ['dateOfBirth', 'dateOfBirth must be a past date as YYYY-MM-DD', 'Date of birth must be a date in the past.'],
    ['password', 'password must be at least 6 characters', 'Password must be at least 6 characters.'],
    // option values are not parameters
    ['sort_by', 'sort_by must be one of newest, price_asc', 'Sort order must be one of newest, price_asc.'],
    // what the search can take from the profile
    ['affordable_only', 'affordable_only needs a household income (household_income, or the profile’s)', 'Only homes I can afford needs your household income: add it to your profile.'],
    ['max_distance_from_work', 'max_distance_from_work needs a work postcode (work_postcode, or the profile’s)', 'Distance from work needs a work postcode: give one, or add it to your profile.'],
    ['sort_by', 'nearest-home needs a home postcode (home_postcode, or the profile’s)', 'Nearest to home needs a home postcode: give one, or add it to your profile.'],
    ['query.max_monthly_cost', 'max_monthly_cost must not be negative', 'Monthly budget must not be negative.'],
    // a parameter the portal has no name for is spelt out in words
    ['max_featured', 'max_featured must not be negative', 'Max featured must not be negative.'],
  ];
  for (const [param, message, expected] of cases) {
    it(`${message} → ${expected}`, () => expect(sentenceOf(param, message)).to.equal(expected));
  }

  it('shows one sentence per field, the first of its messages', () => {
    expect(fieldSentence('name', ['name must not be empty', 'name is required'])).to.equal('Name of this search must not be empty.');
    expect(fieldSentence('name', undefined)).to.equal(undefined);
    expect(problemSentences({ min_bedrooms: ['min_bedrooms must be a whole number'], page: ['page must be at least 1'] })).to.deep.equal([
      'Bedrooms from must be a whole number.',
      'Page must be at least 1.',
    ]);
  });

  it('names the field of an overall message and leaves other messages as they are', () => {
    expect(messageSentence('annualHouseholdIncome is required for this listing (and 2 more errors)')).to.equal(
      'Annual household income is needed to register interest in this home.',
    );
    expect(messageSentence('A previous application exists for the same property')).to.equal(
      'A previous application exists for the same property',
    );
  });
});

describe('portal counts of developments and homes', () => {
  const status = {
    param: 'status',
    multiValue: true,
    options: [
      { value: 'available', count: 7 },
      { value: 'coming-soon', count: 2 },
      { value: 'closed', count: 3 },
    ],
  };
  const bedrooms = {
    param: 'bedrooms',
    multiValue: true,
    options: [
      { value: 1, count: 4 },
      { value: 2, count: 5 },
    ],
  };

  it('adds up the availability counts: all options, or the chosen ones', () => {
    expect(homesFound([bedrooms, status], () => [])).to.equal(12);
    expect(homesFound([status], (p) => (p === 'status' ? ['available', 'closed'] : []))).to.equal(10);
  });

  it('falls back to the bedroom counts, and says nothing without either', () => {
    expect(homesFound([bedrooms], () => [])).to.equal(9);
    expect(homesFound([bedrooms], (p) => (p === 'bedrooms' ? ['2'] : []))).to.equal(5);
    expect(homesFound([], () => [])).to.equal(null);
  });

  it('words the counts', () => {
    expect(countsText(3, 12)).to.equal('3 developments, 12 homes');
    expect(countsText(1, 1)).to.equal('1 development, 1 home');
    expect(countsText(1250, null)).to.equal('1,250 developments');
  });
});

describe('portal rent terms', () => {
  it('shows the deposit, the tenancy and the furnishing of a home to rent', () => {
    expect(
      rentTerms({
        forSale: false,
        rentalDeposit: 1200,
        minTenancyMonths: 6,
        maxTenancyMonths: null,
        furnitureStatus: ['furnished', 'part-furnished'],
      }),
    ).to.deep.equal(['Deposit £1,200', 'Minimum tenancy 6 months', 'Furnished or part-furnished']);
    expect(rentTerms({ forSale: false, minTenancyMonths: 6, maxTenancyMonths: 12, furnitureStatus: 'unfurnished' })).to.deep.equal([
      'Tenancy 6 to 12 months',
      'Unfurnished',
    ]);
    expect(rentTerms({ forSale: false, maxTenancyMonths: 1 })).to.deep.equal(['Tenancy up to 1 month']);
  });

  it('shows nothing for a sale or unset terms', () => {
    expect(rentTerms({ forSale: true, rentalDeposit: 1200 })).to.deep.equal([]);
    expect(rentTerms({ forSale: false, rentalDeposit: null, furnitureStatus: null })).to.deep.equal([]);
  });
});
