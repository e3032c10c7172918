/**
 * GSM 03.38: the 7-bit alphabet every phone shows. One SMS holds 160 of its characters; a
 * character of the extension table (€, [, ] …) takes two; anything else (’, emoji) turns the whole
 * message into UCS-2, 70 characters a part, so templates keep to this alphabet.
 */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const EXTENSION = '^{}\\[~]|€\f';

export const SMS_MAX_SEPTETS = 160;

/** The message's length in septets, or null when a character is outside GSM-7. */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const character of text) {
    if (BASIC.includes(character)) length += 1;
    else if (EXTENSION.includes(character)) length += 2;
    else return null;
  }
  return length;
}

/** Whether the text goes out as one plain SMS. */
export function fitsOneSms(text: string): boolean {
  const length = gsm7Length(text);
  return length !== null && length <= SMS_MAX_SEPTETS;
}
