import { PassThrough } from 'node:stream';
import { writeXlsx, type XlsxSheet } from './xlsx-writer';

/** A small workbook (a report of a few hundred rows) in memory: an e-mail attachment, not a download. */
export async function xlsxBuffer(sheet: XlsxSheet, date: Date = new Date()): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  await writeXlsx(output, sheet, { date });
  if (!output.writableEnded) output.end();
  await ended;
  return Buffer.concat(chunks);
}
