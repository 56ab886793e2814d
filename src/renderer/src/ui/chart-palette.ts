/** The charts' colours, in order (Blueprint's palette): a series or slice takes the next one. */
export const CHART_PALETTE = [
  '#2d72d2',
  '#238551',
  '#c87619',
  '#cd4246',
  '#7961db',
  '#00a396',
  '#d1980b',
  '#d13913',
  '#147eb3',
  '#634dbf',
  '#29a634',
  '#db2c6f',
] as const;
