// How often a saved search's matches are e-mailed: the select of "Save this search" and of a saved search's alert settings.
import { FREQUENCIES, type AlertFrequency } from '../saved-query.ts';

export function AlertFrequencySelect({ id, label, value, onChange }: { id: string; label: string; value: AlertFrequency; onChange: (frequency: AlertFrequency) => void }) {
  return (
    <>
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value as AlertFrequency)}>
        {FREQUENCIES.map((f) => (
          <option key={f.value} value={f.value}>
            {f.text}
          </option>
        ))}
      </select>
    </>
  );
}
