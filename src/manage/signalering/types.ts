/** The signalering call's answer (`GET /signals/v1/private/signalering/?weeks=`, docs/overview.md). */
export interface Counts {
  open: number;
  late: number;
  late_factor_3: number;
}

export interface WeekCount {
  /** ISO week, e.g. '2026-W36'. */
  week: string;
  /** Its Monday, 'yyyy-MM-dd'. */
  start: string;
  incoming: number;
  closed: number;
}

export interface SignaleringData {
  generated_at: string;
  /** Every state that counts as open (all but Afgehandeld, Geannuleerd, Gesplitst). */
  open_states: string[];
  totals: Counts;
  per_category: (Counts & { category_id: number; sub_slug: string; sub: string; main_slug: string; main: string })[];
  /** By routing, as the overview's 'Afdeling' filter (`routing_department_code`); unrouted reports count per category only. */
  per_department: (Counts & { department_id: number; code: string; name: string })[];
  /** Oldest first, the current week last. */
  weeks: WeekCount[];
}
