// The search's form: buy or rent, a place (with its autocomplete), what the page adds, and the button.
// The home page's hero and the search page's bar are both this form.
import type { ComponentChildren } from 'preact';
import type { PlaceSuggestion } from '../api.ts';
import { PlaceInput } from './PlaceInput.tsx';

export type Occupancy = 'for-sale' | 'to-rent';

const OCCUPANCIES: readonly (readonly [value: string, label: string])[] = [
  ['for-sale', 'Buy'],
  ['to-rent', 'Rent'],
];

export interface SearchFormProps {
  class: string;
  /** the radios' name */
  occupancyName: string;
  /** the radio of this value is checked (none for a value the search does not know) */
  occupancy: string;
  /** the choices offered, value and label (by default buy or rent: the occupancy types) */
  choices?: readonly (readonly [value: string, label: string])[];
  onOccupancy: (occupancy: string) => void;
  placeId: string;
  place: string;
  onPlace: (place: string) => void;
  /** a suggestion chosen from the autocomplete */
  onChoose: (place: PlaceSuggestion) => void;
  /** the form sent with the place as typed */
  onSearch: () => void;
  submitText: string;
  /** the page's other fields, between the place and the button */
  children?: ComponentChildren;
}

export function SearchForm(props: SearchFormProps) {
  return (
    <form
      class={props.class}
      role="search"
      aria-label="Homes"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSearch();
      }}
    >
      <fieldset class="occupancy">
        <legend>Looking to</legend>
        {(props.choices ?? OCCUPANCIES).map(([value, label]) => (
          <label key={value} class="choice">
            <input
              type="radio"
              name={props.occupancyName}
              value={value}
              checked={props.occupancy === value}
              onChange={() => props.onOccupancy(value)}
            />
            {` ${label}`}
          </label>
        ))}
      </fieldset>
      <PlaceInput id={props.placeId} label="Place or postcode" value={props.place} onInput={props.onPlace} onChoose={props.onChoose} />
      {props.children}
      <button type="submit" class="primary">
        {props.submitText}
      </button>
    </form>
  );
}
