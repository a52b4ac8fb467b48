import { expect } from 'chai';
import { leadsOutOfOrder, type Arrival } from '../instances/webhook-log.ts';

const at = (leadId: number, change: number | null, eventId = `${leadId}-${change}`): Arrival => ({ leadId, change, eventId });

describe("the instance drill's webhook order per lead", () => {
  it('takes each lead in the order of its changes, a repeat of the latest (at least once) too', () => {
    expect(leadsOutOfOrder([at(1, 0), at(2, 1), at(1, 8), at(1, 8), at(2, 9), at(1, 16)])).to.deep.equal([]);
    // events that carry no change of the run are left aside
    expect(leadsOutOfOrder([at(1, 0), at(1, null), at(1, 8)])).to.deep.equal([]);
  });

  it("names a lead whose earlier change arrived after a later one, and that lead only", () => {
    expect(leadsOutOfOrder([at(1, 0), at(1, 8), at(1, 0), at(2, 1), at(2, 9)])).to.deep.equal([1]);
    expect(leadsOutOfOrder([at(2, 9), at(1, 0), at(2, 1)])).to.deep.equal([2]);
  });
});
