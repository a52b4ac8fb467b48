// A small map with the listing's position (Leaflet, the configured tiles; the pin shows without them).
import L from 'leaflet';
import { useEffect, useRef } from 'preact/hooks';
import { placeDataAttribution, tileAttribution, tileUrl } from '../settings.ts';

export function PinMap({ latitude, longitude, label }: { latitude: number; longitude: number; label: string }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const map = L.map(element.current!, {
      scrollWheelZoom: false,
      attributionControl: false,
      zoomAnimation: false,
      fadeAnimation: false,
      markerZoomAnimation: false,
    }).setView([latitude, longitude], 14);
    L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addAttribution(placeDataAttribution).addTo(map);
    L.tileLayer(tileUrl, { attribution: tileAttribution, maxZoom: 19 }).addTo(map);
    L.marker([latitude, longitude], {
      icon: L.divIcon({ className: 'map-pin map-pin-large', iconSize: [22, 22], iconAnchor: [11, 11] }),
      title: label,
      alt: label,
      keyboard: false,
    }).addTo(map);
    return () => map.remove();
  }, [latitude, longitude]);
  return <div ref={element} class="map map-small" role="region" aria-label={`Map showing where ${label} is`} />;
}
