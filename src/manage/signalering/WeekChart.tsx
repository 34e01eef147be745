/**
 * Incoming versus closed per week: a bar chart (an image with a spoken summary,
 * drawn in SVG) and the same figures as a table for screen readers, keyboard
 * users and anyone who wants the numbers.
 */
import { SIGNALERING_TEXTS as T } from './texts.ts';
import type { WeekCount } from './types.ts';

const HEIGHT = 180;
const BAR = 12;
const GAP = 4;
const GROUP = BAR * 2 + GAP + 14;
const AXIS = 24;

export function WeekChart({ weeks }: { weeks: WeekCount[] }) {
  const max = Math.max(1, ...weeks.flatMap((w) => [w.incoming, w.closed]));
  const width = weeks.length * GROUP + 8;
  const h = (n: number) => Math.round((n / max) * HEIGHT);
  return (
    <div className="ml-week-chart">
      <div className="ml-week-chart__legend" aria-hidden="true">
        <span className="ml-week-chart__key ml-week-chart__key--incoming" /> {T.incoming}
        <span className="ml-week-chart__key ml-week-chart__key--closed" /> {T.closed}
      </div>
      <div className="ml-week-chart__frame">
        {/* scales down to the width there is (a phone), never wider than its natural size */}
        <svg role="img" aria-label={T.chartLabel(weeks.length)} viewBox={`0 0 ${width} ${HEIGHT + AXIS + 16}`} style={{ inlineSize: '100%', maxInlineSize: width }}>
          {weeks.map((w, i) => {
            const x = 4 + i * GROUP;
            return (
              <g key={w.week}>
                <rect className="ml-week-chart__bar--incoming" x={x} y={16 + HEIGHT - h(w.incoming)} width={BAR} height={h(w.incoming)} />
                <rect className="ml-week-chart__bar--closed" x={x + BAR + GAP} y={16 + HEIGHT - h(w.closed)} width={BAR} height={h(w.closed)} />
                <text x={x + BAR + GAP / 2} y={16 + HEIGHT + 16} textAnchor="middle" className="ml-week-chart__axis">
                  {T.weekShort(w.week)}
                </text>
              </g>
            );
          })}
          <line x1="0" x2={width} y1={16 + HEIGHT + 0.5} y2={16 + HEIGHT + 0.5} stroke="#1a1a1a" />
        </svg>
      </div>
      <div className="ml-signalering__table-wrap" tabIndex={0} role="region" aria-label={T.weeksCaption}>
        <table className="ml-signalering__table">
          <caption>{T.weeksCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{T.week}</th>
              <th scope="col" className="ml-signalering__count">
                {T.incoming}
              </th>
              <th scope="col" className="ml-signalering__count">
                {T.closed}
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week}>
                <th scope="row">{T.weekLabel(w.week, w.start)}</th>
                <td className="ml-signalering__count">{w.incoming.toLocaleString('nl-NL')}</td>
                <td className="ml-signalering__count">{w.closed.toLocaleString('nl-NL')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
