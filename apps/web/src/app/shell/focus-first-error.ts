/**
 * After a refused submit, takes the keyboard and the screen reader to the first field to fix. The
 * server's refusal may be drawn a frame or two after the callback that calls this, so it looks for
 * the marked field over a few frames before giving up.
 */
export function focusFirstError(form: HTMLFormElement | null, framesLeft = 10): void {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else if (framesLeft > 0) focusFirstError(form, framesLeft - 1);
  });
}
