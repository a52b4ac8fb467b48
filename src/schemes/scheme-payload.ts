// A scheme as integrators name it.
import { integer, named, shape, text, type Payload } from '../core/openapi/payload-fields.ts';

export const schemePayload = named('Scheme', shape({ id: integer, slug: text, text, color: text }));

export type SchemePayload = Payload<typeof schemePayload>;
