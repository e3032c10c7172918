/**
 * The sign-in module (API client, contract, zod) as a lazy import: started when the person first
 * touches a form, so it is there by the time they press the button, yet never part of the first screen.
 */
export function loadSignIn() {
  return import('../../session/sign-in.ts');
}
