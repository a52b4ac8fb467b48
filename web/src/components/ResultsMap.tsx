// The search map (Leaflet): a marker for each of the search's map listings, the searched rectangle,
// and the "draw an area" tool. Tiles come from the configured tile host; when they cannot load the map
// still shows its markers and the area on a plain background. Markers are reachable with the keyboard
// (Leaflet makes each a button named after its listing); the result list beside the map holds the same
// listings for whoever does not use the map.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, P, type ListingDetails, type ListingItem, type MapListing } from '../api.ts';
import { bedroomsText, cardPriceText, monthlyCostRepeatsRent, monthlyCostText, type CardLead, type PriceFields } from '../format.ts';
import { costFromBelow } from './Affordability.tsx';
import { placeDataAttribution, tileAttribution, tileUrl } from '../settings.ts';

export type LatLng = [number, number];

interface Props {
  listings: MapListing[];
  /** the page's listing items: their prices and bedrooms go into the pop-ups */
  items: ListingItem[];
  bounds: { north: number; south: number; east: number; west: number } | undefined;
  /** the drawn area being searched, if any */
  area: LatLng[] | null;
  onArea: (area: LatLng[] | null) => void;
  /** what the result list is ordered by: the pop-ups say the price as its cards do */
  lead?: CardLead;
}

/**
 * A pin's tap target (its dot is drawn inside it, 18 px): at least 44 px where fingers point, 28 px for a
 * mouse, so that a tap opens it.
 */
const PIN_SIZE = matchMedia('(max-width: 760px), (pointer: coarse)').matches ? 44 : 28;

const pin = (featured: boolean) =>
  L.divIcon({
    className: `map-pin${featured ? ' map-pin-featured' : ''}`,
    iconSize: [PIN_SIZE, PIN_SIZE],
    iconAnchor: [PIN_SIZE / 2, PIN_SIZE / 2],
    popupAnchor: [0, 4 - PIN_SIZE / 2],
  });

/** the result list's card of a listing, which its pin's pop-up highlights */
const cardOf = (id: number) => document.querySelector(`.result-list [data-listing-id="${id}"]`);

type Described = PriceFields & { bedrooms: number[]; monthlyCost?: number | null; monthlyCostFrom?: number | null };

/** an item's price and bedrooms, when it carries them (a page's item, or an extended map payload) */
const described = (x: object | undefined): Described | undefined =>
  x && 'forSale' in x && 'bedrooms' in x && 'fullMarketPrice' in x ? (x as unknown as Described) : undefined;

function fillPopup(box: HTMLElement, listing: Described, lead: CardLead): void {
  const price = document.createElement('p');
  price.className = 'popup-price';
  // the extended map payload holds the headline fields only
  const fields: PriceFields = {
    ...listing,
    fullMarketPrice: listing.fullMarketPrice ?? null,
    minSharePercentage: listing.minSharePercentage ?? null,
    minShareValue: listing.minShareValue ?? null,
    monthlyRent: listing.monthlyRent ?? null,
  };
  // the price as the card says it: its figure in bold, then what it stands for
  const text = cardPriceText(fields, lead);
  const main = document.createElement('strong');
  main.textContent = text.main;
  price.append(main);
  const detail = text.qualifier ? `, ${text.qualifier}` : text.details[0] ? ` ${text.details[0]}` : '';
  if (detail) price.append(detail);
  const rooms = document.createElement('p');
  rooms.textContent = bedroomsText(listing.bedrooms);
  const cost = lead === 'monthly-cost' ? monthlyCostLine(fields, listing) : null;
  if (cost) main.replaceWith(text.main);
  box.append(...(cost ? [cost] : []), price, rooms);
}

/** under the monthly-cost sort, the figure the card prints in bold: the homes' lowest monthly cost or its own */
function monthlyCostLine(price: PriceFields, listing: Described): HTMLElement | null {
  const from = costFromBelow(listing.monthlyCostFrom, listing.monthlyCost);
  // a rent that is its monthly cost stays the figure in bold, as on the card
  if (!from && monthlyCostRepeatsRent(price, listing.monthlyCost)) return null;
  const text = monthlyCostText(from ? listing.monthlyCostFrom : listing.monthlyCost);
  if (!text) return null;
  const line = document.createElement('p');
  line.className = 'popup-cost';
  const figure = document.createElement('strong');
  figure.textContent = text;
  line.append(...(from ? ['Homes here from ', figure] : [figure]));
  return line;
}

/** the pop-up: the listing's name as a link, its price and bedrooms (asked for when the map payload lacks them) */
function popupContent(listing: MapListing, item: ListingItem | undefined, lead: CardLead): HTMLElement {
  const box = document.createElement('div');
  box.className = 'map-popup';
  const link = document.createElement('a');
  link.href = `/listings/${listing.slug}`;
  link.textContent = listing.name;
  box.append(link);
  const known = described(item) ?? described(listing);
  if (known) fillPopup(box, known, lead);
  else
    api<ListingDetails>(`${P}/listings/${listing.id}`).then(
      (details) => fillPopup(box, details, lead),
      () => undefined,
    );
  return box;
}

/** four decimals: about 10 m, enough for an area drawn by hand */
const round = (n: number) => Math.round(n * 10_000) / 10_000;

export function ResultsMap({ listings, items, bounds, area, onArea, lead = null }: Props) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const shapes = useRef<L.LayerGroup | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [points, setPoints] = useState<LatLng[]>([]);
  const itemsById = useRef(new Map<number, ListingItem>());
  itemsById.current = new Map(items.map((i) => [i.id, i]));
  const leadNow = useRef<CardLead>(lead);
  leadNow.current = lead;
  const markersById = useRef(new Map<number, L.Marker>());
  // the map's size changes when a phone opens it (it is hidden until then): fit the view again
  const [size, setSize] = useState('');

  // the map itself, once
  useEffect(() => {
    // no animations: a page left while the map animates would otherwise leave Leaflet moving a removed map
    const m = L.map(element.current!, {
      scrollWheelZoom: false,
      attributionControl: false,
      zoomAnimation: false,
      fadeAnimation: false,
      markerZoomAnimation: false,
    });
    L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addAttribution(placeDataAttribution).addTo(m);
    L.tileLayer(tileUrl, { attribution: tileAttribution, maxZoom: 19 }).addTo(m);
    // Leaflet focuses the map on a press (for its arrow keys). In the phone's map sheet that focus scrolled
    // the sheet between a finger's touch and its click, so a tap on a pin clicked the map beside it: the
    // map takes focus without scrolling.
    const container = m.getContainer();
    container.focus = (options?: FocusOptions) => HTMLElement.prototype.focus.call(container, { ...options, preventScroll: true });
    markers.current = L.layerGroup().addTo(m);
    shapes.current = L.layerGroup().addTo(m);
    m.setView([54.5, -2.5], 6);
    map.current = m;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry!.contentRect;
      if (width === 0 || height === 0) return;
      m.invalidateSize({ animate: false });
      setSize(`${Math.round(width)}x${Math.round(height)}`);
    });
    observer.observe(element.current!);
    return () => {
      observer.disconnect();
      m.remove();
      map.current = null;
    };
  }, []);

  // the markers
  useEffect(() => {
    const group = markers.current!;
    group.clearLayers();
    markersById.current.clear();
    for (const listing of listings) {
      const marker = L.marker([listing.latitude, listing.longitude], { icon: pin(false), title: listing.name, alt: listing.name, keyboard: true })
        .bindPopup(() => popupContent(listing, itemsById.current.get(listing.id), leadNow.current))
        // the open pop-up's card is highlighted in the result list
        .on('popupopen', () => cardOf(listing.id)?.classList.add('is-highlighted'))
        .on('popupclose', () => cardOf(listing.id)?.classList.remove('is-highlighted'))
        .addTo(group);
      marker.getElement()?.setAttribute('data-listing-id', String(listing.id));
      markersById.current.set(listing.id, marker);
    }
  }, [listings]);

  // a card pointed at or focused in the result list highlights its pin
  useEffect(() => {
    let lit: Element | null = null;
    const light = (e: Event) => {
      const card = (e.target as Element | null)?.closest?.('.result-list [data-listing-id]');
      const next = card ? (markersById.current.get(Number(card.getAttribute('data-listing-id')))?.getElement() ?? null) : null;
      if (next === lit) return;
      lit?.classList.remove('is-highlighted');
      next?.classList.add('is-highlighted');
      lit = next;
    };
    const events = ['mouseover', 'focusin'] as const;
    for (const name of events) document.addEventListener(name, light);
    return () => {
      for (const name of events) document.removeEventListener(name, light);
    };
  }, []);

  // the view: the drawn area, else the searched rectangle
  useEffect(() => {
    const m = map.current!;
    if (area && area.length >= 3) m.fitBounds(L.latLngBounds(area), { padding: [16, 16], animate: false });
    else if (bounds)
      m.fitBounds(
        [
          [bounds.south, bounds.west],
          [bounds.north, bounds.east],
        ],
        { animate: false },
      );
  }, [bounds?.north, bounds?.south, bounds?.east, bounds?.west, area?.map((p) => p.join(',')).join(';'), size]);

  // the area searched, or the one being drawn
  useEffect(() => {
    const group = shapes.current!;
    group.clearLayers();
    if (drawing) {
      if (points.length) L.polyline(points, { color: '#b3261e', dashArray: '6 4' }).addTo(group);
      for (const p of points) L.circleMarker(p, { radius: 4, color: '#b3261e' }).addTo(group);
    } else if (area) {
      L.polygon(area, { color: '#0b5c55', weight: 2, fillOpacity: 0.08 }).addTo(group);
    }
  }, [drawing, points, area]);

  // while drawing, a click on the map adds a corner
  useEffect(() => {
    const m = map.current!;
    if (!drawing) return;
    const add = (e: L.LeafletMouseEvent) => setPoints((ps) => [...ps, [round(e.latlng.lat), round(e.latlng.lng)]]);
    m.on('click', add);
    m.doubleClickZoom.disable();
    element.current!.classList.add('is-drawing');
    return () => {
      m.off('click', add);
      m.doubleClickZoom.enable();
      element.current?.classList.remove('is-drawing');
    };
  }, [drawing]);

  const finish = () => {
    setDrawing(false);
    onArea(points);
    setPoints([]);
  };
  const visibleArea = () => {
    const b = map.current!.getBounds();
    onArea([
      [round(b.getNorth()), round(b.getWest())],
      [round(b.getNorth()), round(b.getEast())],
      [round(b.getSouth()), round(b.getEast())],
      [round(b.getSouth()), round(b.getWest())],
    ]);
  };

  return (
    <div class="results-map">
      <div class="map-tools" role="group" aria-label="Map area">
        {!drawing && (
          <button type="button" onClick={() => setDrawing(true)}>
            Draw an area
          </button>
        )}
        {drawing && (
          <>
            <button type="button" class="primary" disabled={points.length < 3} onClick={finish}>
              Search this area ({points.length} {points.length === 1 ? 'point' : 'points'})
            </button>
            <button type="button" onClick={() => (setDrawing(false), setPoints([]))}>
              Cancel drawing
            </button>
          </>
        )}
        {!drawing && (
          <button type="button" onClick={visibleArea}>
            Search the visible map
          </button>
        )}
        {!drawing && area && (
          <button type="button" onClick={() => onArea(null)}>
            Clear the area
          </button>
        )}
      </div>
      <p class="map-help" aria-live="polite">
        {drawing
          ? 'Click the map at each corner of your area, then choose “Search this area”.'
          : area
            ? 'Showing homes inside the area you drew.'
            : ''}
      </p>
      <div ref={element} class="map" role="region" aria-label={`Map of ${listings.length} homes`} />
    </div>
  );
}
