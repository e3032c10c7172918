/**
 * Moves focus to what `find` returns once the page can take it, trying on each frame for up to
 * `withinMs`. Two things make a single `focus()` after an action unreliable on a busy phone or a
 * loaded laptop: a modal dialog that is closing keeps the page behind it inert until React removes
 * it (a focus call on an inert element is silently ignored), and the changed row is drawn a moment
 * after the dialog closes. So this tries again until focus has really landed, and stops early if
 * the user has meanwhile put focus somewhere themselves.
 */
export function focusWhenReady(find: () => HTMLElement | null | undefined, withinMs = 5000): void {
  const deadline = performance.now() + withinMs;
  const attempt = () => {
    const target = find();
    target?.focus();
    if (target && document.activeElement === target) return;
    if (performance.now() < deadline && !isFocusTakenElsewhere()) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/** Focus on a control outside any dialog: the user moved on, so it is theirs to keep. */
function isFocusTakenElsewhere(): boolean {
  const active = document.activeElement;
  return active !== null && active !== document.body && active.closest('dialog') === null;
}
