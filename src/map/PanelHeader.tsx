/** The header of a panel over a map (a legend, the public map's report detail): its heading and the button that closes it. */
import type { ReactNode, Ref } from 'react';

export function PanelHeader({ id, level: Heading, className, headingRef, closeText, onClose, children }: { id: string; level: 'h2' | 'h3'; className?: string; headingRef?: Ref<HTMLHeadingElement>; closeText: string; onClose: () => void; children: ReactNode }) {
  return (
    <div className="ml-panel-header">
      <Heading id={id} className={className} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {children}
      </Heading>
      <button type="button" className="ml-button ml-button--subtle" onClick={onClose}>
        {closeText}
      </button>
    </div>
  );
}
