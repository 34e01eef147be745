/**
 * A municipality file points to its areas (docs/routing.md): its `areas` key names a
 * GeoJSON file per area type (next to the municipality file), which is imported when the database
 * has no area of that type yet — on the first start, and on a later start for a type added to the
 * file. Without the key the demo configuration's areas are used (`demo/gemeente.json`: the stand-in
 * map's districts and their neighbourhoods), so districts and routing work without internet.
 *
 *   "areas": [{ "type_code": "buurt", "type_name": "Buurt", "file": "buurten.geojson",
 *               "code_property": "buurtcode", "name_property": "buurtnaam" }]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database.ts';
import { MunicipalityFileError, readMunicipalityFile } from '../plugins/app-config.ts';
import { parseAreas, storeAreas, type ImportOptions } from './import.ts';

export interface AreaSource extends ImportOptions {
  /** The GeoJSON file (absolute). */
  file: string;
}

/** The demo configuration: a municipality file with only its `areas`. */
export const DEMO_MUNICIPALITY_FILE = path.join(import.meta.dirname, 'demo', 'gemeente.json');

const TYPE_CODE = /^[a-z0-9_-]+$/;

/** The `areas` of a municipality file, checked (each mistake named with its JSON path); undefined when the file has none. */
export function readAreaSources(file: string, municipality: Record<string, unknown>): AreaSource[] | undefined {
  const areas = municipality.areas;
  if (areas === undefined) return undefined;
  const fail = (where: string, what: string) => new MunicipalityFileError(`${file}: /areas${where}: ${what} (docs/routing.md).`);
  if (!Array.isArray(areas)) throw fail('', 'verwacht een lijst van gebiedstypen');
  return areas.map((entry: unknown, i) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw fail(`/${i}`, 'verwacht een object');
    const e = entry as Record<string, unknown>;
    if (typeof e.type_code !== 'string' || !TYPE_CODE.test(e.type_code)) throw fail(`/${i}/type_code`, 'verwacht kleine letters, cijfers, - of _');
    if (typeof e.type_name !== 'string' || !e.type_name.trim()) throw fail(`/${i}/type_name`, 'verwacht de naam van het gebiedstype');
    if (typeof e.file !== 'string' || !e.file.trim()) throw fail(`/${i}/file`, 'verwacht een GeoJSON-bestand');
    const resolved = path.resolve(path.dirname(file), e.file);
    if (!existsSync(resolved)) throw fail(`/${i}/file`, `het bestand ${resolved} bestaat niet`);
    for (const key of ['code_property', 'name_property'] as const) if (e[key] !== undefined && typeof e[key] !== 'string') throw fail(`/${i}/${key}`, 'verwacht de naam van een eigenschap');
    return { typeCode: e.type_code, typeName: e.type_name.trim(), file: resolved, codeProperty: e.code_property as string | undefined, nameProperty: e.name_property as string | undefined };
  });
}

/** The area sources of the server: the municipality file's, else the demo configuration's. */
export function areaSources(municipalityFile?: string): AreaSource[] {
  if (municipalityFile) {
    const own = readAreaSources(municipalityFile, readMunicipalityFile(municipalityFile));
    if (own) return own;
  }
  return readAreaSources(DEMO_MUNICIPALITY_FILE, readMunicipalityFile(DEMO_MUNICIPALITY_FILE))!;
}

/**
 * Imports every source whose area type has no area in the database yet (inside the caller's
 * transaction); returns what it imported. A file that does not parse or check stops the start,
 * naming the file and the mistake.
 */
export async function importMissingAreas(db: Db, sources: AreaSource[]): Promise<{ type_code: string; count: number }[]> {
  const done: { type_code: string; count: number }[] = [];
  for (const source of sources) {
    const present = await db.selectFrom('area').innerJoin('area_type', 'area_type.id', 'area.type_id').select('area.id').where('area_type.code', '=', source.typeCode).limit(1).executeTakeFirst();
    if (present) continue;
    let geojson: unknown;
    try {
      geojson = JSON.parse(readFileSync(source.file, 'utf8'));
    } catch (error) {
      throw new MunicipalityFileError(`${source.file}: kan het bestand niet lezen als JSON (${error instanceof Error ? error.message : String(error)}).`);
    }
    try {
      const areas = parseAreas(geojson, source);
      await storeAreas(db, areas, source);
      done.push({ type_code: source.typeCode, count: areas.length });
    } catch (error) {
      const body = (error as { body?: Record<string, unknown> }).body;
      throw new MunicipalityFileError(`${source.file}: ${body ? Object.values(body).flat().join(' ') : String(error)}`);
    }
  }
  return done;
}
