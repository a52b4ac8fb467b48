// An appointment's iCalendar file (RFC 5545) with provider text made to inject lines: a bare CR, CRLF,
// the TEXT specials and long multi-byte names.
import { expect } from 'chai';
import { icsOf } from '../../src/appointments/appointment-calendar.ts';
import type { Appointment } from '../../src/generated/prisma/client.ts';

const appointment = {
  id: 7,
  applicationId: 3,
  slotId: null,
  type: 'in-person',
  startsAt: new Date('2026-03-02T10:00:00Z'),
  durationMin: 30,
  status: 'confirmed',
  remarks: 'Bring ID\rATTENDEE:mailto:remarks@evil.example',
  createdAt: new Date('2026-03-01T09:00:00Z'),
  updatedAt: new Date('2026-03-01T09:00:00Z'),
} satisfies Appointment;

const hostile = {
  listingName: 'Flat 1; Rose Court, \\Lane\rORGANIZER:mailto:name@evil.example',
  address: '1 High Street\rATTENDEE;RSVP=TRUE:mailto:address@evil.example\r\nX-EVIL:1, Leeds LS1 1AA',
  listingUrl: 'http://localhost:3000/listings/rose-court',
};

/** the file's content lines, unfolded (RFC 5545, 3.1) */
const contentLines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);
const valueOf = (ics: string, name: string) => contentLines(ics).find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);

describe('appointment iCalendar file with hostile provider text', () => {
  const ics = icsOf(appointment, hostile, 'localhost');

  it('holds no line a CR or CRLF in the text started', () => {
    const names = contentLines(ics).map((line) => /^[A-Z-]+/.exec(line)?.[0]);
    expect(names).to.not.include.members(['ATTENDEE', 'ORGANIZER', 'X-EVIL']);
    expect(ics.replace(/\r\n/g, '')).to.not.match(/[\r\n]/);
  });

  it('escapes the TEXT values per RFC 5545 (backslash, semicolon, comma, newline; CR removed)', () => {
    expect(valueOf(ics, 'LOCATION')).to.equal('1 High StreetATTENDEE\\;RSVP=TRUE:mailto:address@evil.example\\nX-EVIL:1\\, Leeds LS1 1AA');
    expect(valueOf(ics, 'SUMMARY')).to.equal('Viewing: Flat 1\\; Rose Court\\, \\\\LaneORGANIZER:mailto:name@evil.example');
    expect(valueOf(ics, 'DESCRIPTION')).to.contain('Your remarks: Bring IDATTENDEE:mailto:remarks@evil.example\\n');
  });

  it('folds every line at 75 octets, multi-byte characters whole', () => {
    const long = icsOf(appointment, { ...hostile, listingName: 'Maison Élodie – 🏡 '.repeat(12) }, 'localhost');
    for (const line of long.split('\r\n')) expect(Buffer.byteLength(line), line).to.be.at.most(75);
    expect(valueOf(long, 'SUMMARY')).to.equal(`Viewing: ${'Maison Élodie – 🏡 '.repeat(12)}`);
  });
});
