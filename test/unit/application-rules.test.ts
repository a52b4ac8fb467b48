import { expect } from 'chai';
import { isDuplicate, missingMandatoryFields } from '../../src/applications/application-eligibility.ts';
import { customerValuesOf, type EligibilityProfile } from '../../src/customers/customer-eligibility.ts';
import { presentAvailableSlots } from '../../src/appointments/appointment-presenter.ts';
import { nextAppointmentOf } from '../../src/applications/application-presenter.ts';
import type { Appointment } from '../../src/generated/prisma/client.ts';

const empty: EligibilityProfile = {
  annualHouseholdIncome: null,
  deposit: null,
  dateOfBirth: null,
  homePostcode: null,
  workPostcode: null,
  eligibleCitizen: null,
  homeOwnershipStatus: null,
  homeLocalAuthorityId: null,
  workLocalAuthorityId: null,
};

describe('application rules', () => {
  describe('missingMandatoryFields', () => {
    it("requires the listing's eligibility fields always, in the spec's order, ignoring unknown names", () => {
      expect(missingMandatoryFields(empty, ['deposit', 'annualHouseholdIncome', 'keyworker'], [], false)).to.deep.equal([
        'annualHouseholdIncome',
        'deposit',
      ]);
    });

    it('adds the fields the rules need only with validate_eligibility', () => {
      expect(missingMandatoryFields(empty, [], ['dateOfBirth', 'eligibleCitizen'], false)).to.deep.equal([]);
      expect(missingMandatoryFields(empty, [], ['dateOfBirth', 'eligibleCitizen'], true)).to.deep.equal(['dateOfBirth', 'eligibleCitizen']);
    });

    it("counts a field known from the profile, and a work postcode for the rules' local connection", () => {
      const known = { ...empty, deposit: 0, workPostcode: 'M1 1AD' };
      expect(missingMandatoryFields(known, ['deposit'], ['homePostcode'], true)).to.deep.equal([]);
      // the listing naming homePostcode itself wants the home postcode
      expect(missingMandatoryFields(known, ['homePostcode'], [], false)).to.deep.equal(['homePostcode']);
    });

    it('does not demand a work postcode of someone not in work, and does of someone in work or who has not said', () => {
      expect(missingMandatoryFields(empty, ['workPostcode', 'deposit'], [], false, false)).to.deep.equal(['deposit']);
      expect(missingMandatoryFields(empty, ['workPostcode'], [], false, true)).to.deep.equal(['workPostcode']);
      expect(missingMandatoryFields(empty, ['workPostcode'], [], false, null)).to.deep.equal(['workPostcode']);
      // the local connection's postcode is still wanted: the home one will do
      expect(missingMandatoryFields(empty, ['workPostcode'], ['homePostcode'], true, false)).to.deep.equal(['homePostcode']);
    });
  });

  describe('isDuplicate', () => {
    it('allows the first application, and a passing one after failed ones only', () => {
      expect(isDuplicate([], 'failed')).to.equal(false);
      expect(isDuplicate(['failed'], 'passed')).to.equal(false);
      expect(isDuplicate(['failed', 'failed'], 'considered')).to.equal(false);
      expect(isDuplicate(['failed'], 'failed')).to.equal(true);
      expect(isDuplicate(['passed'], 'passed')).to.equal(true);
      expect(isDuplicate(['failed', 'incomplete'], 'passed')).to.equal(true);
    });
  });

  it('customerValuesOf gives the age on the day', () => {
    const values = customerValuesOf({ ...empty, dateOfBirth: '2000-06-15' }, '2026-06-14', null);
    expect(values.age).to.equal(25);
    expect(customerValuesOf({ ...empty, dateOfBirth: '2000-06-15' }, '2026-06-15', true).age).to.equal(26);
  });

  it('groups slots by their date in London, in time order, across a clock change', () => {
    const slots = [
      { id: 3, startsAt: new Date('2026-10-25T10:00:00Z'), durationMin: 30 }, // GMT: 10:00
      { id: 1, startsAt: new Date('2026-10-24T09:00:00Z'), durationMin: 60 }, // BST: 10:00
      { id: 2, startsAt: new Date('2026-10-24T23:30:00Z'), durationMin: 45 }, // BST: 00:30 on the 25th
    ];
    expect(presentAvailableSlots(slots)).to.deep.equal([
      { date: '2026-10-24', slots: [{ id: 1, slotTime: '10:00', slotDurationMin: 60 }] },
      {
        date: '2026-10-25',
        slots: [
          { id: 2, slotTime: '00:30', slotDurationMin: 45 },
          { id: 3, slotTime: '10:00', slotDurationMin: 30 },
        ],
      },
    ]);
  });

  it('nextAppointmentOf takes the earliest confirmed future appointment', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    const at = (iso: string, status = 'confirmed') => ({ startsAt: new Date(iso), status }) as Appointment;
    expect(
      nextAppointmentOf(
        [at('2026-04-30T10:00:00Z'), at('2026-05-03T10:00:00Z'), at('2026-05-02T10:00:00Z', 'cancelled'), at('2026-05-04T10:00:00Z')],
        now,
      ),
    ).to.equal('2026-05-03T10:00:00.000Z');
    expect(nextAppointmentOf([at('2026-04-30T10:00:00Z')], now)).to.equal(null);
  });
});
