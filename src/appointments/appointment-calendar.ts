// An appointment as an iCalendar file (RFC 5545, made with the `ics` library), and its link. The link is
// opened by a calendar program or a phone without the customer's bearer token, so it carries a token of
// its own: an HMAC of the appointment id under a key derived from JWT_SECRET. It names one appointment
// and tells no more than the appointment itself (time, place, listing); a wrong token is 404.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createEvent, type EventAttributes } from 'ics';
import type { Appointment } from '../generated/prisma/client.ts';

export interface AppointmentPlace {
  listingName: string;
  /** the listing's address; null when the listing does not give one */
  address: string | null;
  /** the listing's page in the portal */
  listingUrl: string;
}

export class AppointmentCalendar {
  private readonly key: Buffer;
  private readonly base: string;
  /** the host the events' UIDs are made unique with */
  readonly host: string;

  /** `baseUrl`: the service's public address (PUBLIC_BASE_URL), never a request's Host header */
  constructor(secret: string, baseUrl: string) {
    this.key = createHmac('sha256', secret).update('appointment-calendar').digest();
    this.base = baseUrl.replace(/\/+$/, '');
    this.host = new URL(this.base).hostname;
  }

  private tokenOf(appointmentId: number): string {
    return createHmac('sha256', this.key).update(String(appointmentId)).digest('base64url').slice(0, 32);
  }

  /** The address of the appointment's iCalendar file. */
  link(appointmentId: number): string {
    return `${this.base}/api/rest/portal/appointments/${appointmentId}/calendar.ics?token=${this.tokenOf(appointmentId)}`;
  }

  verify(appointmentId: number, token: string): boolean {
    const expected = Buffer.from(this.tokenOf(appointmentId));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * The host of the events' UIDs: the public address's, so that the file of the link and the one the
   * booking e-mail attaches are the same event in a calendar; the request's when it is not known.
   */
  uidHost(requestHost: string): string {
    return this.base ? new URL(this.base).hostname : requestHost || 'portal';
  }

  /** The portal's listing page, for the event's URL (a path when the public address is not known). */
  listingUrl(slug: string, origin = ''): string {
    return `${this.base || origin}/listings/${encodeURIComponent(slug)}`;
  }
}

/** The listing's address as a person writes it: the display address, with the postcode when it does not hold it. */
export function addressOf(listing: { displayAddress?: string | null; postcode?: string | null }): string | null {
  const display = listing.displayAddress?.trim() || null;
  const postcode = listing.postcode?.trim() || null;
  if (!display) return postcode;
  return postcode && !display.toUpperCase().includes(postcode.toUpperCase()) ? `${display}, ${postcode}` : display;
}

const TYPE_NAMES: Record<string, string> = { 'open-day': 'Open day', 'in-person': 'Viewing', virtual: 'Virtual viewing' };

/**
 * Text for an iCalendar TEXT value: the library escapes backslash, semicolon, comma and CRLF or LF, but
 * a bare CR (or another control character) would pass and start a line of its own in the file.
 */
function calendarText(value: string): string {
  // eslint-disable-next-line no-control-regex -- RFC 5545 TEXT allows no control character but HTAB (and newlines, escaped)
  return value.replace(/\r\n/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

/** Content lines folded at 75 octets (RFC 5545, 3.1): the library folds at 75 characters, too long in UTF-8. */
function foldedAt75Octets(ics: string): string {
  const unfolded = ics.replace(/\r\n[ \t]/g, '');
  return unfolded
    .split('\r\n')
    .map((line) => {
      const parts: string[] = [];
      let part = '';
      let octets = 0;
      for (const char of line) {
        const size = Buffer.byteLength(char);
        const room = parts.length === 0 ? 75 : 74; // a continuation line starts with a space
        if (octets + size > room) {
          parts.push(part);
          part = '';
          octets = 0;
        }
        part += char;
        octets += size;
      }
      parts.push(part);
      return parts.join('\r\n ');
    })
    .join('\r\n');
}

/** The iCalendar file of one appointment (a cancelled one as a cancelled event, so calendars drop it). */
export function icsOf(a: Appointment, place: AppointmentPlace, host: string): string {
  const start = a.startsAt.getTime();
  const event: EventAttributes = {
    uid: `appointment-${a.id}@${host}`,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: a.durationMin },
    title: calendarText(`${TYPE_NAMES[a.type] ?? 'Viewing'}: ${place.listingName}`),
    description: calendarText(
      [`${TYPE_NAMES[a.type] ?? 'Viewing'} of ${place.listingName}.`, ...(a.remarks ? [`Your remarks: ${a.remarks}`] : []), place.listingUrl].join('\n'),
    ),
    ...(place.address ? { location: calendarText(place.address) } : {}),
    url: place.listingUrl,
    status: a.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    method: 'PUBLISH',
    sequence: Math.floor(a.updatedAt.getTime() / 1000) - Math.floor(a.createdAt.getTime() / 1000),
    productId: 'homeseeker-portal',
    calName: 'Viewings',
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error('the iCalendar file could not be made');
  return foldedAt75Octets(value);
}
