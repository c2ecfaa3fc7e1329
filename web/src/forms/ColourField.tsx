import { useId } from 'react';

/** A colour as the API keeps it: six hex digits, with or without a leading `#`. */
export const HEX_COLOUR = /^#?[0-9a-f]{6}$/i;

/** What the picker shows while the value is not a colour yet. */
const FALLBACK = '5b6b7d';

/** `value` as six hex digits without `#` (the fallback grey when it is not a colour). */
export function hexDigitsOf(value: string): string {
  return HEX_COLOUR.test(value) ? value.replace(/^#/, '') : FALLBACK;
}

/**
 * The browser's colour picker with its label, holding six hex digits without `#` (the form
 * value of a status's or a tag's colour).
 */
export function ColourField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (hexDigits: string) => void;
}) {
  const id = useId();
  return (
    <div className="colour-row">
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          type="color"
          className="colour-picker"
          value={`#${hexDigitsOf(value)}`}
          onChange={(event) => onChange(event.target.value.slice(1))}
        />
      </div>
    </div>
  );
}
