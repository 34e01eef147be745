/** Row types of the areas and routing tables (migration 860_areas_routing). */
import type { ColumnType, Generated } from 'kysely';

type Json<T = unknown> = ColumnType<T, string, string>;

export interface AreaTypeTable {
  id: Generated<number>;
  code: string;
  name: string;
}

export interface AreaTable {
  id: Generated<number>;
  type_id: number;
  code: string;
  name: string;
  /** A GeoJSON Polygon or MultiPolygon in WGS84. */
  geometry: Json<{ type: 'Polygon' | 'MultiPolygon'; coordinates: unknown }>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SignalAreaTable {
  signal_id: number;
  area_id: number;
}

export interface RoutingRuleTable {
  id: Generated<number>;
  position: number;
  name: string;
  is_active: Generated<boolean>;
  conditions: Json<Record<string, unknown>>;
  routing: Json<number[]>;
  directing: Json<number[]>;
}

export interface RoutingRuleChangeTable {
  id: Generated<number>;
  who: string;
  at: ColumnType<Date, Date | string, Date | string>;
  before: Json<unknown[]>;
  after: Json<unknown[]>;
}

/** A background re-routing of the open reports (migration 880_reroute_job). */
export interface RerouteJobTable {
  id: Generated<number>;
  status: ColumnType<'queued' | 'running' | 'done' | 'failed', 'queued' | 'running' | 'done' | 'failed' | undefined, 'queued' | 'running' | 'done' | 'failed'>;
  total: number;
  done: Generated<number>;
  moved: Generated<number>;
  /** The last report id done: the job goes on after it. */
  cursor: Generated<number>;
  requested_by: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  started_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  worker: string | null;
  lease_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  error: string | null;
}

/**
 * A report's department(s): routed ones, else the subcategory's responsible ones, with copies of
 * the report's state, subcategory and district; kept by triggers (migration 920_signal_department).
 */
export interface SignalDepartmentTable {
  signal_id: number;
  department_id: number;
  routed: boolean;
  state: string;
  category_id: number;
  stadsdeel: string | null;
}

export interface RoutingTables {
  signal_department: SignalDepartmentTable;
  area_type: AreaTypeTable;
  area: AreaTable;
  signal_area: SignalAreaTable;
  routing_rule: RoutingRuleTable;
  routing_rule_change: RoutingRuleChangeTable;
  reroute_job: RerouteJobTable;
}
