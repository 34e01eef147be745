/** 'Legenda': what the marker icons on the map mean. */
import type { FeatureType } from '@meldloket/engine';
import { iconUrl } from './icons.ts';
import { PanelHeader } from './PanelHeader.tsx';
import { MAP_TEXTS } from './texts.ts';

export function Legend({ featureTypes, withStatus, onClose }: { featureTypes: FeatureType[]; withStatus: Array<'reported' | 'checked'>; onClose: () => void }) {
  const first = featureTypes[0]?.iconId;
  return (
    <section className="ml-legend-panel" aria-labelledby="ml-legend-title">
      <PanelHeader id="ml-legend-title" level="h3" closeText={MAP_TEXTS.closeLegend} onClose={onClose}>
        {MAP_TEXTS.legend}
      </PanelHeader>
      <ul className="ml-legend-panel__items">
        {featureTypes.map((type) => (
          <li key={type.typeValue}>
            <img src={iconUrl(type.iconId)} alt="" width={32} height={32} />
            {type.label}
          </li>
        ))}
        <li>
          <img src={iconUrl(first, 'selected')} alt="" width={32} height={32} />
          {MAP_TEXTS.selectedHeading}
        </li>
        {withStatus.map((status) => (
          <li key={status}>
            <img src={iconUrl(first, status)} alt="" width={32} height={32} />
            {status === 'reported' ? `Object ${MAP_TEXTS.reported}` : `${MAP_TEXTS.checked.charAt(0).toUpperCase()}${MAP_TEXTS.checked.slice(1)}`}
          </li>
        ))}
        <li>
          <img src={iconUrl('pin')} alt="" width={32} height={32} />
          {MAP_TEXTS.pinLabel}
        </li>
      </ul>
    </section>
  );
}
