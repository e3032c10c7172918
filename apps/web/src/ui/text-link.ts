/** An underlined link inside running text, in the app's green (AA in light and dark). */
export const textLinkClass = 'font-semibold text-emerald-800 underline dark:text-emerald-300';
