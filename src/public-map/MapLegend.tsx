/** 'Legenda' of the public maps: the colour of each main category and the cluster symbol. */
import { MAP_TEXTS } from '../map/texts.ts';
import { iconUrl } from '../map/icons.ts';
import { PanelHeader } from '../map/PanelHeader.tsx';
import type { PublicCategory } from './categories.ts';
import { PUBLIC_MAP_TEXTS } from './texts.ts';

export function MapLegend({ categories, withPin, onClose }: { categories: PublicCategory[]; withPin: boolean; onClose: () => void }) {
  return (
    <section className="ml-legend-panel" aria-labelledby="ml-public-legend-title">
      <PanelHeader id="ml-public-legend-title" level="h2" className="ml-legend-panel__title" closeText={MAP_TEXTS.closeLegend} onClose={onClose}>
        {MAP_TEXTS.legend}
      </PanelHeader>
      <ul className="ml-legend-panel__items">
        {categories.map((c) => (
          <li key={c.slug}>
            <span className="ml-filter__swatch ml-filter__swatch--large" style={{ background: c.colour }} aria-hidden="true" />
            {c.name}
          </li>
        ))}
        <li>
          <span className="ml-report-cluster ml-report-cluster--legend" aria-hidden="true">
            <span>5</span>
          </span>
          {PUBLIC_MAP_TEXTS.legendCluster}
        </li>
        {withPin && (
          <li>
            <img src={iconUrl('pin')} alt="" width={32} height={32} />
            {PUBLIC_MAP_TEXTS.legendLocation}
          </li>
        )}
      </ul>
    </section>
  );
}
