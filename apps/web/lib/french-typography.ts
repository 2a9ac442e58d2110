/**
 * French typography for titles: the space before ":", ";", "?", "!" and "»" (and after "«")
 * becomes a no-break space, so a title never wraps with a line starting with ":" on a phone.
 * For what is shown; page titles and social tags keep the text as written.
 */
export function noBreakBeforePunctuation(text: string): string {
  return text.replace(/ ([:;?!»])/g, "\u00a0$1").replace(/« /g, "«\u00a0");
}
