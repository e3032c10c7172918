/** Joins class names, dropping the falsy ones: `classNames('a', isOn && 'b')`. */
export function classNames(...names: ReadonlyArray<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
