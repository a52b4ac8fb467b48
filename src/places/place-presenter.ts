// The JSON of a place suggestion.
import type { Suggestion } from './place-suggestions.ts';
import type { PlaceSuggestionPayload } from './place-payload.ts';

export function presentPlace(s: Suggestion): PlaceSuggestionPayload {
  return { id: s.id, type: s.type, name: s.name, label: s.label, location: s.location, latitude: s.latitude, longitude: s.longitude };
}
