/** After a refused submit, takes the keyboard and the screen reader to the first field to fix. */
export function focusFirstError(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
