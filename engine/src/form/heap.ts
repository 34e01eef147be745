/** A min-heap of unit indices without duplicates: the next unit to evaluate is the lowest. */
export class UnitQueue {
  private readonly items: number[] = [];
  private readonly queued: boolean[];

  constructor(size: number) {
    this.queued = new Array<boolean>(size).fill(false);
  }

  get size(): number {
    return this.items.length;
  }

  push(unit: number): void {
    if (this.queued[unit]) return;
    this.queued[unit] = true;
    const items = this.items;
    items.push(unit);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent] <= items[i]) break;
      [items[parent], items[i]] = [items[i], items[parent]];
      i = parent;
    }
  }

  pop(): number {
    const items = this.items;
    const top = items[0];
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let smallest = i;
        if (l < items.length && items[l] < items[smallest]) smallest = l;
        if (r < items.length && items[r] < items[smallest]) smallest = r;
        if (smallest === i) break;
        [items[smallest], items[i]] = [items[i], items[smallest]];
        i = smallest;
      }
    }
    this.queued[top] = false;
    return top;
  }
}
