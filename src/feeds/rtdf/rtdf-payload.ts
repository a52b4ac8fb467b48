// RTDF's response envelope, as Rightmove's answers are shaped.
import { about, flag, integer, listOf, named, nInteger, nText, oneOf, shape, text, type Payload } from '../../core/openapi/payload-fields.ts';

const envelopeFields = {
  request_id: text,
  message: text,
  success: flag,
  request_timestamp: about(text, 'dd-MM-yyyy HH:mm:ss (UTC)'),
  response_timestamp: about(text, 'dd-MM-yyyy HH:mm:ss (UTC)'),
  errors: listOf(shape({ error_code: text, error_description: text, error_value: nText })),
  warnings: about(listOf(shape({ warning_code: text, warning_description: text, warning_value: nText })), 'fields not used here (of another RTDF version, or nothing of ours holds them), and what was read with a rule'),
};

export const rtdfResponsePayload = named(
  'RtdfResponse',
  shape({
    ...envelopeFields,
    property: shape({
      agent_ref: nText,
      rightmove_id: about(nInteger, 'our listing id'),
      rightmove_url: about(nText, "the listing's page on the portal"),
      change_type: oneOf(['CREATE', 'UPDATE', 'DELETE'] as const).nullable(),
    }).nullable(),
  }),
);

export const rtdfBranchListPayload = named(
  'RtdfBranchPropertyList',
  shape({
    ...envelopeFields,
    branch: shape({ branch_id: integer, channel: integer }),
    property: listOf(shape({ agent_ref: text, rightmove_id: integer, rightmove_url: text, update_date: about(text, 'dd-MM-yyyy HH:mm:ss (UTC)') })),
  }),
);

export type RtdfResponsePayload = Payload<typeof rtdfResponsePayload>;
export type RtdfBranchListPayload = Payload<typeof rtdfBranchListPayload>;
