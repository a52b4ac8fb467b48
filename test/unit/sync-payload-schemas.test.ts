// The synchronisation bodies as the OpenAPI document declares them (JSON Schema, checked with ajv) and as
// the server validates them (yup) accept and refuse the same values: each value below is checked both ways.
import { expect } from 'chai';
import type * as yup from 'yup';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { jsonSchemaOf } from '../../src/core/openapi/from-yup.ts';
import { validateBody } from '../../src/core/validation.ts';
import { commonSchemas } from '../../src/core/openapi/components.ts';
import { syncWriteSchemas, bulkDeleteBody } from '../../src/sync-api/write-schemas.ts';
import { pushedLeadSchema } from '../../src/leads/lead-schemas.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema({ $id: 'openapi', components: { schemas: commonSchemas } });

const declared = (schema: yup.AnySchema) => ajv.compile(JSON.parse(JSON.stringify(jsonSchemaOf(schema)).replace(/"#\/components\//g, '"openapi#/components/')) as object);

function enforced(schema: yup.AnySchema, value: unknown): boolean {
  try {
    validateBody(schema, value);
    return true;
  } catch {
    return false;
  }
}

type Case = [field: string, value: unknown, valid: boolean];

function agree(name: string, schema: yup.AnySchema, base: Record<string, unknown>, cases: Case[]) {
  describe(name, () => {
    const isDeclared = declared(schema);
    it('takes the base body', () => {
      expect(enforced(schema, base), 'server').to.equal(true);
      expect(isDeclared(base), ajv.errorsText(isDeclared.errors)).to.equal(true);
    });
    for (const [field, value, valid] of cases) {
      it(`${valid ? 'takes' : 'refuses'} ${field}: ${JSON.stringify(value)?.slice(0, 40)}, in the document as on the server`, () => {
        const body = { ...base, [field]: value };
        expect(enforced(schema, body), 'server').to.equal(valid);
        expect(isDeclared(body), 'document').to.equal(valid);
      });
    }
  });
}

const development = { externalRef: 'dev-1', name: 'Canal Wharf', displayAddress: 'Canal Street', tenure: 'leasehold' };
agree('development body', syncWriteSchemas.development.create, development, [
  ['name', ' Canal Wharf ', true],
  ['name', '   ', false],
  ['name', '', false],
  ['name', 12, false],
  ['name', 'x'.repeat(255), true],
  ['name', 'x'.repeat(256), false],
  ['name', '\u{1F3E0}'.repeat(200), true],
  ['externalRef', 'a-b_c.d:e/F9', true],
  ['externalRef', 'a b', false],
  ['externalRef', ' dev-1', false],
  ['externalRef', 'x'.repeat(101), false],
  ['externalRef', 7, false],
  ['postcode', 'SW1A 1AA', true],
  ['postcode', 'sw1a1aa', true],
  ['postcode', ' SW1A  1AA ', true],
  ['postcode', 'SW1A-1AA', false],
  ['postcode', 'SW1A\t1AA', false],
  ['postcode', 'BAD', false],
  ['postcode', null, true],
  ['latitude', 51.5, true],
  ['latitude', '51.5', false],
  ['latitude', 48, false],
  ['localAuthority', 1, true],
  ['localAuthority', 0, false],
  ['localAuthority', 1.5, false],
  ['localAuthority', 2_147_483_648, false],
  ['localAuthority', '3', false],
  ['tenure', 'LEASEHOLD', false],
  ['tenure', null, true],
  ['newBuild', true, true],
  ['newBuild', 'true', false],
  ['newBuild', 1, false],
  ['brochures', ['https://example.org/a.pdf'], true],
  ['brochures', ['HTTP://example.org'], true],
  ['brochures', ['ftp://example.org/a.pdf'], false],
  ['brochures', ['https://'], false],
  ['brochures', ['https://example.org/a b'], false],
  ['brochures', [1], false],
  ['specifications', [{ name: 'Kitchen' }], true],
  ['specifications', [null], false],
  ['specifications', [{ name: '' }], false],
  ['localAreaDescription', 'x'.repeat(10_000), true],
  ['localAreaDescription', 'x'.repeat(10_001), false],
]);

const property = {
  externalRef: 'prop-1',
  development: 'dev-1',
  propertyNumber: 'Flat 1',
  propertyType: 'Apartment',
  propertyTypeGroup: 'flat',
  bedrooms: 2,
  bathrooms: 1,
  tenure: 'leasehold',
  energyEfficiencyRatingCurrent: 84,
  energyEfficiencyRatingPotential: 86,
  environmentalImpactRatingCurrent: 85,
  environmentalImpactRatingPotential: 88,
  availabilityStatus: 'available',
  forSale: true,
};
agree('property body', syncWriteSchemas.property.create, property, [
  ['bedrooms', 2.5, false],
  ['bedrooms', -1, false],
  ['bedrooms', 2_147_483_648, false],
  ['bedrooms', '2', false],
  ['energyEfficiencyRatingCurrent', 101, false],
  ['furnitureStatus', null, true],
  ['furnitureStatus', 'furnished', true],
  ['furnitureStatus', 'posh', false],
  ['firstDibsExpirationDate', '2024-02-29', true],
  ['firstDibsExpirationDate', '2023-02-29', false],
  ['firstDibsExpirationDate', '0000-01-01', false],
  ['firstDibsExpirationDate', '2024-2-1', false],
  ['fullMarketPrice', 250000.5, true],
  ['fullMarketPrice', -1, false],
  ['fullMarketPrice', '250000', false],
  ['forSale', 'false', false],
  ['floor', { name: 'Ground', level: 0 }, true],
  ['floor', { name: 'Ground', level: '0' }, false],
]);

const listing = { externalRef: 'listing-1', development: 'dev-1', properties: ['prop-1'], name: 'Canal Wharf', forSale: true };
agree('listing body', syncWriteSchemas.listing.create, listing, [
  ['publishAt', '2025-01-31T09:00:00Z', true],
  ['publishAt', '2025-01-31t09:00:00.5+01:00', true],
  ['publishAt', '2025-01-31T09:00:00', false],
  ['publishAt', '2025-01-31T09:00Z', false],
  ['publishAt', '2025-02-30T09:00:00Z', false],
  ['publishAt', '0001-01-01T00:30:00+01:00', false],
  ['publishAt', '9999-12-31T00:00:00Z', false],
  ['properties', ['prop-1', 'prop-1'], false],
  ['properties', [], false],
  ['schemes', ['shared-ownership', 'shared-ownership'], false],
  ['portals', [1, 1], false],
  ['portals', [0], false],
  ['slug', 'canal-wharf-2', true],
  ['slug', 'Canal Wharf', false],
  ['openDays', [{ date: '2030-01-01', time: '10:00', durationMin: 60, capacity: 5 }], true],
  ['openDays', [{ date: '2030-01-01', time: '24:00', durationMin: 60, capacity: 5 }], false],
  ['openDays', [null], false],
  ['eligibility', { homeOwnershipStatuses: [5] }, false],
  ['eligibility', { localConnection: null, minAge: 18 }, true],
  ['shortDescription', 'x'.repeat(513), false],
  ['headline', null, false],
  ['displayAs', 'featured', true],
  ['displayAs', 'loud', false],
]);

agree('a PUT body, whose externalRef the path gives', syncWriteSchemas.listing.put, { ...listing, externalRef: undefined }, [['externalRef', 'listing-1', true]]);
agree('a PATCH body: the fields that change', syncWriteSchemas.development.patch, {}, [
  ['name', 'Renamed', true],
  ['name', null, false],
  ['postcode', null, true],
  ['tenure', 'lease', false],
]);
agree('a bulk delete body', bulkDeleteBody, { refs: ['a', 'b'] }, [
  ['refs', [false], false],
  ['refs', ['a b'], false],
  ['refs', Array.from({ length: 1001 }, (_, i) => `r${i}`), false],
]);
agree('a pushed lead', pushedLeadSchema, { email: 'casey@example.com', listing: 'listing-1', source: 'Partner Homes' }, [
  ['listing', 12, true],
  ['listing', 0, false],
  ['listing', 2_147_483_648, false],
  ['listing', 1.5, false],
  ['listing', '  ', false],
  ['source', '', false],
  ['enquiryDate', '2025-01-31T09:00:00+00:00', true],
  ['enquiryDate', '2025-01-31', false],
]);
