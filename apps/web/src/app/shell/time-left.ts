/** "5 h 12 min left", "12 min left", or null once the moment has passed. */
export function formatTimeLeft(until: string, now: number): string | null {
  const minutes = Math.floor((Date.parse(until) - now) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 0) return null;
  if (minutes < 60) return `${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min left`;
  return `${Math.floor(hours / 24)} days left`;
}
