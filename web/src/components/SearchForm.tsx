// The search's form: buy or rent, a place (with its autocomplete), what the page adds, and the button.
// The home page's hero and the search page's bar are both this form.
import type { ComponentChildren } from 'preact';
import type { PlaceSuggestion } from '../api.ts';
import { PlaceInput } from './PlaceInput.tsx';

export type Occupancy = 'for-sale' | 'to-rent';

export interface SearchFormProps {
  class: string;
  /** the radios' name */
  occupancyName: string;
  /** the radio of this value is checked (none for a value the search does not know) */
  occupancy: string;
  onOccupancy: (occupancy: Occupancy) => void;
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
        {(['for-sale', 'to-rent'] as const).map((type) => (
          <label key={type} class="choice">
            <input type="radio" name={props.occupancyName} value={type} checked={props.occupancy === type} onChange={() => props.onOccupancy(type)} />
            {type === 'for-sale' ? ' Buy' : ' Rent'}
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
