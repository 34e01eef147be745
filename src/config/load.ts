import { mergeConfig } from '@meldloket/engine';
import { DEFAULT_CONFIG } from './defaults.ts';
import type { AppConfig } from './types.ts';
import { validate } from './validate.generated.js';

/** Thrown at start when the configuration does not match its schema. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Ongeldige configuratie:\n${problems.join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Lays `override` over `base` (the one merge rule of the engine, shared with the server). */
export { mergeConfig };

/** The defaults with `override` laid over them, validated; throws ConfigError listing every problem. */
export function loadConfig(override?: unknown, base: AppConfig = DEFAULT_CONFIG): AppConfig {
  const candidate = mergeConfig(base, override);
  if (!validate(candidate)) {
    const problems = (validate.errors ?? []).map((e) => {
      const where = e.instancePath || '/';
      const extra = e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : '';
      return `${where}: ${e.message ?? e.keyword}${extra}`;
    });
    throw new ConfigError(problems);
  }
  const config = candidate as AppConfig;
  const { bounds, center } = config.map;
  if (!(bounds.south < bounds.north && bounds.west < bounds.east)) throw new ConfigError(['/map/bounds: south < north and west < east required']);
  if (!(center.lat > bounds.south && center.lat < bounds.north && center.lng > bounds.west && center.lng < bounds.east)) {
    throw new ConfigError(['/map/center: the centre must lie inside the bounds']);
  }
  return config;
}
