import type { CrmBridge } from '../../../../shared/bridge';
import type { ReportFormInput } from '../../../../shared/contract';
import { messages } from '../../../../shared/i18n/messages';
import { loadPdfFont } from '../bids';

/** How an export ended: saved (with where, on the desktop), cancelled in the save dialog, or failed. */
export type FileOutcome =
  { state: 'saved'; path: string | null } | { state: 'canceled' } | { state: 'failed'; reason: string };

const failed = (reason: string | undefined): FileOutcome => ({
  state: 'failed',
  // docs/requirements.md#messages-the-user-reads: every failed export is announced with this text; the server's reason goes underneath.
  reason:
    reason && reason !== messages.exportFailed
      ? `${messages.exportFailed} (${reason})`
      : messages.exportFailed,
});

/**
 * The report as an xlsx: the server writes it (POST /reportBuilder/export), then the bridge saves it as
 * it saves list exports (desktop: the save dialog in the main process; web: a browser download).
 */
export async function saveReportExcel(
  bridge: Pick<CrmBridge, 'call' | 'files'>,
  body: ReportFormInput,
): Promise<FileOutcome> {
  let answer;
  try {
    answer = await bridge.call('reportBuilderExport', { body });
  } catch {
    return failed(undefined);
  }
  if (!answer.ok) return failed(answer.error.message);
  if (!answer.data.success || answer.data.excelFiles.length === 0) return failed(answer.data.msg);
  let path: string | null = null;
  for (const file of answer.data.excelFiles) {
    let saved;
    try {
      saved = await bridge.files.saveExport({ url: file.url, suggestedName: file.name });
    } catch {
      return failed(undefined);
    }
    if (!saved.ok) return saved.canceled ? { state: 'canceled' } : failed(saved.message);
    path = saved.path ?? path;
  }
  return { state: 'saved', path };
}

export interface ReportPdfContent {
  title: string;
  subtitle: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
  /** The chart as a PNG data URL (drawn from the screen's SVG), when the report has one. */
  chartPng: string | null;
}

const FONT = 'DejaVuSans';
const PAGE = { width: 297, height: 210, margin: 12 } as const;

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk)
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

/**
 * The report as an A4 landscape PDF: title, the chart when there is one, then the table, paged. Text is
 * written with the embedded Unicode font, so Turkish letters stay intact and can be searched.
 */
export async function buildReportPdf(content: ReportPdfContent): Promise<string> {
  const [{ jsPDF }, font] = await Promise.all([import('jspdf'), loadPdfFont()]);
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4', compress: true });
  doc.addFileToVFS(`${FONT}.ttf`, font.slice(font.indexOf(',') + 1));
  doc.addFont(`${FONT}.ttf`, FONT, 'normal');
  doc.setFont(FONT, 'normal');
  doc.setProperties({ title: content.title });

  let y = PAGE.margin + 4;
  doc.setFontSize(16);
  doc.text(content.title, PAGE.margin, y);
  y += 6;
  doc.setFontSize(9);
  doc.text(content.subtitle, PAGE.margin, y);
  y += 6;
  if (content.chartPng) {
    const height = 80;
    doc.addImage(content.chartPng, 'PNG', PAGE.margin, y, PAGE.width - 2 * PAGE.margin, height);
    y += height + 6;
  }

  const width = PAGE.width - 2 * PAGE.margin;
  const columnWidth = width / Math.max(1, content.columns.length);
  const line = (cells: readonly string[]): void => {
    if (y > PAGE.height - PAGE.margin) {
      doc.addPage('a4', 'landscape');
      y = PAGE.margin + 4;
    }
    cells.forEach((cell, index) => {
      const text = (doc.splitTextToSize(cell, columnWidth - 2) as string[])[0] ?? '';
      doc.text(text, PAGE.margin + index * columnWidth, y);
    });
    y += 5;
  };
  doc.setFontSize(8);
  line(content.columns);
  doc.setDrawColor(180);
  doc.line(PAGE.margin, y - 3.5, PAGE.width - PAGE.margin, y - 3.5);
  for (const row of content.rows) line(row);
  return toBase64(doc.output('arraybuffer'));
}

/** Saves the PDF as offers are saved (desktop: save dialog in the main process; web: a download). */
export async function saveReportPdf(
  bridge: Pick<CrmBridge, 'files'>,
  name: string,
  content: ReportPdfContent,
): Promise<FileOutcome> {
  let saved;
  try {
    saved = await bridge.files.saveDocument({
      suggestedName: `${name}.pdf`,
      base64: await buildReportPdf(content),
    });
  } catch {
    return failed(undefined);
  }
  if (!saved.ok) return saved.canceled ? { state: 'canceled' } : failed(saved.message);
  return { state: 'saved', path: saved.path ?? null };
}

/** The chart's SVG drawn onto a canvas, as a PNG data URL for the PDF; null when there is none. */
export async function chartImage(container: HTMLElement | null): Promise<string | null> {
  const svg = container?.querySelector('svg.recharts-surface');
  if (!svg) return null;
  const { width, height } = svg.getBoundingClientRect();
  if (width === 0 || height === 0) return null;
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(clone))}`;
  const image = new Image();
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('chart image'));
    image.src = url;
  });
  const canvas = document.createElement('canvas');
  const scale = 2;
  canvas.width = width * scale;
  canvas.height = height * scale;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/png');
}
