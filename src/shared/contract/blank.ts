/** Form fields sent empty mean "not given" (the spec's forms send every field). */
export const blankToUndefined = (value: unknown): unknown =>
  value === '' || value === null ? undefined : value;
