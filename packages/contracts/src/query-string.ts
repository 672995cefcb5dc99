/**
 * The query-string parsing limits of spec §9, for `qs.parse` on the server and anywhere a
 * client parses nested parameters, so both ends cut off at the same place.
 *
 * @example
 * qs.parse(search, { ...QUERY_STRING_LIMITS, allowDots: true });
 */
export const QUERY_STRING_LIMITS = { arrayLimit: 20, depth: 5, parameterLimit: 1000 } as const;
