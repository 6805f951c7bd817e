/**
 * One notice for several things of a kind that happen together (issue 17: toasts collapse instead of piling up):
 * one alone is told in its own words, several as a count and their names, "3 rare finds: A, B, C".
 */
export function manyNotice(names: readonly string[], many: string, one: (name: string) => string): string | null {
  if (names.length === 0) return null;
  return names.length === 1 ? one(names[0]!) : `${names.length} ${many}: ${names.join(', ')}`;
}
