/**
 * Dates of the policy in fr-FR (spec section 1). A date without a time ("2025-09-01") is a
 * calendar day, read in UTC so that no time zone moves it to the day before.
 */
export function formatPolicyDate(value: string): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat("fr-FR", {
    day: "numeric",
    month: "long",
    year: "numeric",
    ...(dateOnly ? { timeZone: "UTC" } : {}),
  }).format(date);
}

/** The policy text as blocks separated by blank lines; a block's short first line is its heading. */
export function policyBlocks(content: string): { heading: string | null; text: string }[] {
  return content
    .replace(/\r\n/g, "\n")
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const [first = "", ...rest] = block.split("\n");
      if (rest.length > 0 && first.length <= 80) return { heading: first.trim(), text: rest.join("\n").trim() };
      return { heading: null, text: block };
    });
}
