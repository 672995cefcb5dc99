/**
 * The in-process caches' one eviction rule (the session cache, the desktop's and the watched
 * tables' read caches): a Map keeps insertion order, so when it holds `max` entries its oldest
 * tenth goes, rather than the map growing without bound or a sweep on every insert.
 */
export function makeRoomIn(map: Map<unknown, unknown>, max: number): void {
  if (map.size < max) return;
  let drop = Math.ceil(max / 10);
  for (const key of map.keys()) {
    map.delete(key);
    if (--drop === 0) break;
  }
}
