/** Read rate in whole percent; an empty audience reads as 0 %. */
export function readRate(readCount: number, audienceCount: number): number {
  return audienceCount > 0 ? Math.round((readCount / audienceCount) * 100) : 0;
}
