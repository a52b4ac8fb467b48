import type { FeedFieldError } from '../feed-home.ts';
import type { RtdfBranchListPayload, RtdfResponsePayload } from './rtdf-payload.ts';
import type { BranchListing, RtdfProperty } from './rtdf-service.ts';

const two = (n: number) => String(n).padStart(2, '0');
export const rtdfTimestamp = (d: Date) =>
  `${two(d.getUTCDate())}-${two(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;

export interface RtdfProblems {
  errors: { code: string; error: FeedFieldError; value: unknown }[];
  warnings: { code: string; description: string; value: unknown }[];
}

const valueText = (value: unknown): string | null => (value === undefined || value === null ? null : typeof value === 'string' ? value.slice(0, 250) : JSON.stringify(value).slice(0, 250));

function envelope(requestId: string, received: Date, message: string, problems: RtdfProblems) {
  return {
    request_id: requestId,
    message,
    success: problems.errors.length === 0,
    request_timestamp: rtdfTimestamp(received),
    response_timestamp: rtdfTimestamp(new Date()),
    errors: problems.errors.map((e) => ({ error_code: e.code, error_description: `${e.error.field}: ${e.error.message}`, error_value: valueText(e.value) })),
    warnings: problems.warnings.map((w) => ({ warning_code: w.code, warning_description: w.description, warning_value: valueText(w.value) })),
  };
}

export function presentRtdf(requestId: string, received: Date, message: string, property: RtdfProperty | null, problems: RtdfProblems): RtdfResponsePayload {
  return { ...envelope(requestId, received, message, problems), property };
}

export function presentBranchList(requestId: string, received: Date, branch: { branch_id: number; channel: number }, listings: BranchListing[], problems: RtdfProblems): RtdfBranchListPayload {
  return {
    ...envelope(requestId, received, `${listings.length} properties live`, problems),
    branch,
    property: listings.map((l) => ({ agent_ref: l.agent_ref, rightmove_id: l.rightmove_id, rightmove_url: l.rightmove_url, update_date: rtdfTimestamp(l.update_date) })),
  };
}
