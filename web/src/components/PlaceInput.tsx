// The place box: a combobox (ARIA 1.2 pattern) over /places. Typing asks for suggestions; arrow keys
// move through them, Enter or a click chooses one, Escape closes the list. The chosen suggestion's
// `location` is the text the search is sent.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, P, type PlaceSuggestion } from '../api.ts';

interface Props {
  id: string;
  label: string;
  value: string;
  onInput: (text: string) => void;
  onChoose: (place: PlaceSuggestion) => void;
}

export function PlaceInput({ id, label, value, onInput, onChoose }: Props) {
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useRef(false);

  useEffect(() => {
    if (!typed.current || value.trim().length < 2) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api<{ data: PlaceSuggestion[] }>(`${P}/places`, { query: { q: value, size: 8 }, anonymous: true, signal: controller.signal }).then(
        (res) => {
          setSuggestions(res.data);
          setActive(-1);
          setOpen(true);
        },
        () => undefined,
      );
    }, 120);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value]);

  const choose = (place: PlaceSuggestion) => {
    typed.current = false;
    setOpen(false);
    setSuggestions([]);
    onChoose(place);
  };

  const listId = `${id}-suggestions`;
  const shown = open && suggestions.length > 0;
  return (
    <div class="combobox">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="text"
        role="combobox"
        autocomplete="off"
        spellcheck={false}
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        value={value}
        placeholder="e.g. Leeds, SW1A or a postcode"
        onInput={(e) => {
          typed.current = true;
          onInput((e.target as HTMLInputElement).value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && suggestions.length) {
            e.preventDefault();
            setOpen(true);
            setActive((a) => (a + 1) % suggestions.length);
          } else if (e.key === 'ArrowUp' && suggestions.length) {
            e.preventDefault();
            setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
          } else if (e.key === 'Enter' && shown && active >= 0) {
            e.preventDefault();
            choose(suggestions[active]!);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <ul id={listId} role="listbox" aria-label={`${label} suggestions`} class="suggestions" hidden={!shown}>
        {suggestions.map((place, i) => (
          <li
            key={place.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            class={i === active ? 'active' : undefined}
            onMouseDown={(e) => {
              e.preventDefault();
              choose(place);
            }}
          >
            {place.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
