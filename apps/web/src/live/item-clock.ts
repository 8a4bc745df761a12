/**
 * Events about one item can arrive out of order when several workers run; an event older than the last
 * one applied for the same item is stale and skipped. In a module of its own: the landing page's totals
 * sync needs it, the rest of the cache updates ship with the donor and charity areas.
 */
export class ItemClock {
  private readonly latest = new Map<number, string>();

  isFresh(foodId: number, occurredAt: string): boolean {
    const last = this.latest.get(foodId);
    if (last !== undefined && occurredAt < last) return false;
    this.latest.set(foodId, occurredAt);
    return true;
  }
}
