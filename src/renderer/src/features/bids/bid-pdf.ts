import type { BidAnswerItem } from '../../../../shared/contract/bids';
import { formatDecimalTr } from '../../../../shared/domain';

export interface BidPdfContent {
  title: string;
  leadName: string;
  date: string;
  answers: readonly BidAnswerItem[];
  total: string;
  labels: { question: string; answer: string; price: string; total: string; date: string };
}

const FONT = 'DejaVuSans';
const PAGE = { width: 210, height: 297, margin: 18 } as const;

const money = (text: string): string => formatDecimalTr(text) ?? text;

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

/**
 * The offer as an A4 portrait PDF (see docs/requirements.md#lead-workspace-and-work-screens). Text is written with an embedded Unicode font (DejaVu
 * Sans), so Turkish letters stay intact and the name and total can be searched and copied; jsPDF and the
 * font load only when a PDF is made. Answers the PDF as base64.
 */
export async function buildBidPdf(content: BidPdfContent): Promise<string> {
  const [{ jsPDF }, font] = await Promise.all([import('jspdf'), import('./fonts/DejaVuSans.ttf?inline')]);
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true });
  doc.addFileToVFS(`${FONT}.ttf`, font.default.slice(font.default.indexOf(',') + 1));
  doc.addFont(`${FONT}.ttf`, FONT, 'normal');
  doc.setFont(FONT, 'normal');
  doc.setProperties({ title: content.title, subject: content.leadName });

  const width = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.margin + 4;
  const ensure = (height: number): void => {
    if (y + height <= PAGE.height - PAGE.margin) return;
    doc.addPage('a4', 'portrait');
    y = PAGE.margin;
  };

  doc.setFontSize(18);
  doc.text(content.title, PAGE.margin, y);
  y += 9;
  doc.setFontSize(12);
  doc.text(content.leadName, PAGE.margin, y);
  doc.setFontSize(9);
  doc.text(`${content.labels.date}: ${content.date}`, PAGE.width - PAGE.margin, y, { align: 'right' });
  y += 8;

  const columns = {
    question: PAGE.margin,
    answer: PAGE.margin + width * 0.45,
    price: PAGE.width - PAGE.margin,
  };
  doc.setDrawColor(180);
  doc.setFontSize(10);
  doc.text(content.labels.question, columns.question, y);
  doc.text(content.labels.answer, columns.answer, y);
  doc.text(content.labels.price, columns.price, y, { align: 'right' });
  y += 2;
  doc.line(PAGE.margin, y, PAGE.width - PAGE.margin, y);
  y += 6;

  for (const item of content.answers) {
    const question = doc.splitTextToSize(item.question, width * 0.43) as string[];
    const answer = doc.splitTextToSize(item.value === '' ? '-' : item.value, width * 0.38) as string[];
    const lines = Math.max(question.length, answer.length);
    ensure(lines * 5 + 3);
    doc.text(question, columns.question, y);
    doc.text(answer, columns.answer, y);
    if (item.type === 'cat') doc.text(money(item.price), columns.price, y, { align: 'right' });
    y += lines * 5 + 3;
  }

  ensure(14);
  doc.line(PAGE.margin, y - 2, PAGE.width - PAGE.margin, y - 2);
  y += 5;
  doc.setFontSize(13);
  doc.text(content.labels.total, columns.answer, y);
  doc.text(money(content.total), columns.price, y, { align: 'right' });

  return toBase64(doc.output('arraybuffer'));
}
