/** Must equal HONEYPOT_FIELD of @sente/contract (checked by honeypot-field.test.ts); a literal keeps zod out of the page. */
export const HONEYPOT_NAME = 'website';

/**
 * The spam trap: off screen and hidden from assistive technology, so only bots fill it in. The server
 * answers a filled trap as usual and stores nothing.
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_NAME} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
