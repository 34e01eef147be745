/**
 * The PDF of a report (docs/reference/api.md#private `sia:pdf`): a work order a handler hands to a
 * contractor. It holds the report number, dates, status, category, priority, type,
 * source, the address with the district, the description and the resident's answers,
 * the map position (a locator with a 50 m circle and scale bar, the coordinates in
 * WGS84 and in RD, EPSG:28992) and the photos. On purpose it leaves out the reporter's
 * e-mail address and phone number: the document leaves the municipality.
 *
 * Drawn with pdfkit (A4, the PDF standard fonts, whose WinAnsi encoding covers Dutch).
 * pdfkit gets photos only as baseline JPEGs decoded and re-encoded by sharp (the route,
 * `imageForPdf`): it embeds those as they are. Its own PNG decoder inflates in a callback
 * and throws there, where no request can catch it, so it never sees a stored file.
 */
import { formatLongDateTime, PRIORITY_OPTIONS, typeOptions, wgs84ToRd } from '@meldloket/engine';

export interface PdfPhoto {
  filename: string;
  /** A baseline JPEG to draw (services/attachments/image.ts `imageForPdf`); undefined: the stored image does not decode, a placeholder is drawn. */
  data: Buffer | undefined;
}

/** The placeholder's text for a photo that cannot be shown. */
export const PHOTO_NOT_SHOWN = 'Deze foto kan niet worden getoond: het bestand is beschadigd.';

export interface PdfReport {
  /** 'SIG-123'. */
  display: string;
  createdAt: Date;
  incidentDateStart: Date | null;
  state: string;
  stateDisplay: string;
  main: string;
  sub: string;
  categoryText: string | null;
  priority: string;
  type: string;
  source: string;
  address: string | null;
  stadsdeel: string | null;
  lat: number;
  lng: number;
  text: string;
  textExtra: string;
  /** The resident's answers (extra_properties): label and answer as text. */
  answers: { label: string; answer: string }[];
  photos: PdfPhoto[];
  /** Other files (PDFs, files gone from the store): named only. */
  otherFiles: string[];
  /** Link to the report in the back office. */
  url: string;
  generatedAt: Date;
}

/** District names of docs/reference/screens.md#entities. */
export const STADSDELEN: Record<string, string> = {
  A: 'Centrum', B: 'Westpoort', E: 'West', M: 'Oost', N: 'Noord', T: 'Zuidoost', K: 'Zuid', F: 'Nieuw-West', H: 'Het Amsterdamse Bos', W: 'Weesp',
};

export const formatWhen = (d: Date) => formatLongDateTime(d);

/** An extra_properties answer as one line of text ('Restafval', 'Ja, Nee', coordinates of an object …). */
export function answerText(answer: unknown): string {
  if (answer === null || answer === undefined) return '';
  if (typeof answer === 'string' || typeof answer === 'number' || typeof answer === 'boolean') return String(answer);
  if (Array.isArray(answer)) return answer.map(answerText).filter(Boolean).join(', ');
  if (typeof answer === 'object') {
    const o = answer as Record<string, unknown>;
    if (typeof o.label === 'string') return o.label;
    if (typeof o.value === 'string') return o.value;
    if (typeof o.id === 'string' || typeof o.id === 'number') return String(o.id);
    return Object.values(o).map(answerText).filter(Boolean).join(', ');
  }
  return '';
}

const INK = '#1a1a1a';
const MUTED = '#555555';
const LINE = '#b4b4b4';

type Doc = PDFKit.PDFDocument;

/** A new A4 document with its metadata, and the bytes once it ends. */
async function newDocument(info: { Title: string; Subject: string; CreationDate: Date }, compress: boolean): Promise<{ doc: Doc; done: Promise<Buffer> }> {
  const { default: PDFDocument } = await import('pdfkit'); // loaded on the first PDF, not at start
  const doc = new PDFDocument({ size: 'A4', margin: 50, compress, lang: 'nl-NL', info: { ...info, Creator: 'Meldloket' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** Headings and label–value rows in the documents' one style. */
function writer(doc: Doc) {
  const width = doc.page.width - 100;
  const heading = (text: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor(INK).text(text, 50);
    doc.moveTo(50, doc.y + 2).lineTo(50 + width, doc.y + 2).strokeColor(LINE).lineWidth(0.5).stroke();
    doc.moveDown(0.4);
  };
  const row = (label: string, value: string) => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED).text(label, 50, y, { width: 140 });
    const afterLabel = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor(INK).text(value || '–', 200, y, { width: width - 150 });
    doc.y = Math.max(doc.y, afterLabel) + 2;
    doc.x = 50;
  };
  const title = (text: string, subtitle: string) => {
    doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(text, 50);
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(subtitle);
  };
  const muted = (text: string) => doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(text, 50, doc.y, { width });
  return { width, heading, row, title, muted };
}

/** Renders the report as a PDF. */
export async function renderReportPdf(report: PdfReport, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { doc, done } = await newDocument({ Title: `Melding ${report.display}`, Subject: `${report.main} – ${report.sub}`, CreationDate: report.generatedAt }, options.compress ?? true);
  drawReport(doc, report, `Werkopdracht, gemaakt op ${formatWhen(report.generatedAt)}`);
  const { width } = writer(doc);
  doc.moveDown(1).font('Helvetica').fontSize(8).fillColor(MUTED).text(`In de backoffice: ${report.url}`, 50, doc.y, { width, link: report.url });
  doc.end();
  return done;
}

/** One report in the export of what is held about a reporter: the work order's parts, the contact details and the history. */
export interface SubjectReport extends PdfReport {
  contact: { email: string | null; phone: string | null; sharingAllowed: boolean };
  history: { when: Date; action: string; description: string | null }[];
}

/** What the product holds about one reporter (docs/privacy.md, privacy/reporter.ts), readable: a cover, then each report. */
export interface SubjectExport {
  /** 'het e-mailadres a@b.nl', 'het telefoonnummer 06…'. */
  subject: string;
  generatedAt: Date;
  reports: SubjectReport[];
  mails: { to: string; subject: string; createdAt: Date; sentAt: Date | null }[];
}

export async function renderSubjectPdf(data: SubjectExport, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { doc, done } = await newDocument({ Title: 'Inzage persoonsgegevens', Subject: `Wat de gemeente bewaart over ${data.subject}`, CreationDate: data.generatedAt }, options.compress ?? true);
  const w = writer(doc);
  w.title('Inzage persoonsgegevens', `Gemaakt op ${formatWhen(data.generatedAt)}`);
  w.heading('Overzicht');
  w.row('Gezocht op', data.subject);
  w.row('Meldingen', String(data.reports.length));
  w.row('Verstuurde e-mails', String(data.mails.length));
  if (data.reports.length > 0) w.row('Meldingnummers', data.reports.map((r) => r.display).join(', '));
  if (data.mails.length > 0) {
    w.heading('E-mails aan dit adres');
    for (const m of data.mails) w.row(formatWhen(m.sentAt ?? m.createdAt), `${m.subject}${m.sentAt ? '' : ' (nog niet verstuurd)'}`);
  }
  if (data.reports.length === 0) w.muted('Er zijn geen meldingen gevonden.');
  for (const report of data.reports) {
    doc.addPage();
    drawReport(doc, report, `Gemeld op ${formatWhen(report.createdAt)}`);
    w.heading('Contactgegevens');
    w.row('E-mailadres', report.contact.email ?? '');
    w.row('Telefoonnummer', report.contact.phone ?? '');
    w.row('Mag gedeeld worden', report.contact.sharingAllowed ? 'Ja' : 'Nee');
    w.heading('Geschiedenis');
    for (const h of report.history) w.row(formatWhen(h.when), h.description ? `${h.action} ${h.description}` : h.action);
  }
  doc.end();
  return done;
}

/** The parts of one report a work order and an export share. */
function drawReport(doc: Doc, report: PdfReport, subtitle: string): void {
  const { width, heading, row, title } = writer(doc);
  title(`Melding ${report.display}`, subtitle);
  heading('Gegevens');
  row('Meldingnummer', report.display);
  row('Gemeld op', formatWhen(report.createdAt));
  if (report.incidentDateStart) row('Datum overlast', formatWhen(report.incidentDateStart));
  row('Status', report.stateDisplay);
  row('Hoofdcategorie', report.main);
  row('Subcategorie', report.sub);
  if (report.categoryText) row('Toelichting categorie', report.categoryText);
  row('Urgentie', PRIORITY_OPTIONS.find((p) => p.id === report.priority)?.label ?? report.priority);
  row('Type', typeOptions().find((t) => t.id === report.type)?.label ?? report.type);
  row('Bron', report.source);

  heading('Locatie');
  row('Adres', report.address ?? 'Locatie is gepind op de kaart');
  if (report.stadsdeel) row('Stadsdeel', STADSDELEN[report.stadsdeel] ?? report.stadsdeel);
  const rd = wgs84ToRd({ lat: report.lat, lng: report.lng });
  row('Coördinaten (WGS84)', `${report.lat.toFixed(6)}, ${report.lng.toFixed(6)}`);
  row('Coördinaten (RD)', `x ${rd.x.toFixed(1)}, y ${rd.y.toFixed(1)}`);
  drawLocator(doc, report);

  heading('Omschrijving');
  doc.font('Helvetica').fontSize(10).fillColor(INK).text(report.text, { width });
  if (report.textExtra) doc.moveDown(0.4).text(report.textExtra, { width });

  if (report.answers.length > 0) {
    heading('Aanvullende vragen');
    for (const a of report.answers) row(a.label, a.answer);
  }

  heading("Foto's");
  if (report.photos.length === 0 && report.otherFiles.length === 0) doc.font('Helvetica').fontSize(10).fillColor(MUTED).text("Bij deze melding zijn geen foto's.");
  for (const photo of report.photos) {
    if (doc.y > doc.page.height - 300) doc.addPage();
    let drawn = false;
    if (photo.data) {
      try {
        doc.image(photo.data, 50, doc.y, { fit: [width, 240] });
        drawn = true;
      } catch {
        // not drawable after all: the placeholder below
      }
    }
    if (!drawn) drawPlaceholder(doc, width);
    doc.y += 4;
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(photo.filename, 50);
    doc.moveDown(0.6);
  }
  if (report.otherFiles.length > 0) row('Andere bijlagen', report.otherFiles.join(', '));

}

/** A grey box with PHOTO_NOT_SHOWN where a photo would be. */
function drawPlaceholder(doc: PDFKit.PDFDocument, width: number): void {
  const y = doc.y;
  const height = 60;
  doc.save();
  doc.rect(50, y, width, height).fillAndStroke('#f2f2f2', LINE);
  doc.restore();
  doc.font('Helvetica').fontSize(10).fillColor(INK).text(PHOTO_NOT_SHOWN, 62, y + height / 2 - 6, { width: width - 24 });
  doc.x = 50;
  doc.y = y + height;
}

/**
 * A locator: north up, the report's point in the middle with a circle of 50 m around
 * it, a scale bar and a north arrow (no background map: the document must not depend on
 * a tile service, and the coordinates above pin the spot).
 */
function drawLocator(doc: PDFKit.PDFDocument, report: PdfReport): void {
  const size = 150;
  if (doc.y + size + 30 > doc.page.height - 50) doc.addPage();
  const x = 50 + 150;
  const y = doc.y + 6;
  const metresPerPoint = 150 / size; // the box spans 150 m
  const cx = x + size / 2;
  const cy = y + size / 2;
  doc.save();
  doc.rect(x, y, size, size).fillAndStroke('#f4f2ec', LINE);
  for (let i = 1; i < 4; i += 1) {
    doc.moveTo(x + (i * size) / 4, y).lineTo(x + (i * size) / 4, y + size).strokeColor('#e2ddd4').lineWidth(0.5).stroke();
    doc.moveTo(x, y + (i * size) / 4).lineTo(x + size, y + (i * size) / 4).stroke();
  }
  doc.circle(cx, cy, 50 / metresPerPoint).strokeColor('#8a8a8a').dash(2, { space: 2 }).stroke().undash();
  doc.circle(cx, cy, 5).fillAndStroke('#c8102e', '#ffffff');
  // scale bar: 25 m
  const bar = 25 / metresPerPoint;
  doc.moveTo(x + 8, y + size - 10).lineTo(x + 8 + bar, y + size - 10).strokeColor(INK).lineWidth(1.5).stroke();
  doc.font('Helvetica').fontSize(7).fillColor(INK).text('25 m', x + 8, y + size - 22);
  // north arrow
  doc.polygon([x + size - 14, y + 8], [x + size - 18, y + 20], [x + size - 10, y + 20]).fill(INK);
  doc.text('N', x + size - 17, y + 22);
  doc.restore();
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text('Cirkel: 50 meter rond de gemelde plek', x, y + size + 4, { width: size + 100 });
  doc.x = 50;
  doc.moveDown(0.5);
}
