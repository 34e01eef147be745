/** The detail of one or more reports at one spot: category and date only (the public data of the geography call). */
import { useLayoutEffect, useRef } from 'react';
import { formatReportedOn } from '@meldloket/engine';
import { PanelHeader } from '../map/PanelHeader.tsx';
import { REPLY_TEXTS } from '../reply/texts.ts';
import type { PublicReport } from './useReports.ts';
import { PUBLIC_MAP_TEXTS } from './texts.ts';

export function ReportDetail({ reports, colourOf, onClose }: { reports: PublicReport[]; colourOf: (mainSlug: string) => string; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => heading.current?.focus(), [reports]);
  return (
    <section className="ml-report-detail" aria-labelledby="ml-report-detail-title">
      {/* the heading takes the focus when the panel opens or shows other reports */}
      <PanelHeader id="ml-report-detail-title" level="h2" headingRef={heading} closeText={PUBLIC_MAP_TEXTS.closeDetail} onClose={onClose}>
        {reports.length === 1 ? PUBLIC_MAP_TEXTS.detailHeading : PUBLIC_MAP_TEXTS.detailsHeading(reports.length)}
      </PanelHeader>
      <ul className="ml-report-detail__list">
        {reports.map((report, i) => (
          <li key={i} className="ml-report-detail__item">
            <span className="ml-filter__swatch" style={{ background: colourOf(report.category.parent.slug) }} aria-hidden="true" />
            <div>
              <p className="ml-report-detail__category">
                {report.category.name} <span className="ml-report-detail__main">({report.category.parent.name})</span>
              </p>
              <p>
                {REPLY_TEXTS.reportedOn} <time dateTime={report.createdAt}>{formatReportedOn(report.createdAt)}</time>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
