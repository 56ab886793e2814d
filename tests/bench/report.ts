import type { ResultRow, Section } from './scenarios/bench-context';

export interface ReportHeader {
  engine: string;
  leads: string;
  rounds: number;
  lines: readonly string[];
}

const escapeCell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function resultText(row: ResultRow): string {
  if (row.pass === null) return 'taban';
  return row.pass ? 'geçti' : 'KALDI';
}

function renderSection(section: Section): string[] {
  for (const row of section.rows) {
    if (row.cells.length !== section.columns.length) {
      throw new Error(`"${section.title}": ${row.cells.length} cells for ${section.columns.length} columns`);
    }
  }
  const columns = [...section.columns, 'Sonuç', 'Not'];
  const lines = [
    `## ${section.title}`,
    '',
    `| ${columns.join(' | ')} |`,
    `|${columns.map(() => '---').join('|')}|`,
    ...section.rows.map(
      (row) => `| ${[...row.cells, resultText(row), row.note ?? ''].map(escapeCell).join(' | ')} |`,
    ),
  ];
  if (section.notes.length > 0) lines.push('', ...section.notes.map((note) => `- ${note}`));
  lines.push('');
  return lines;
}

/** The Turkish markdown report: a header with the machine's state, then one table per scenario group. */
export function renderReport(header: ReportHeader, sections: readonly Section[]): string {
  const failed = sections.flatMap((section) => section.rows).filter((row) => row.pass === false).length;
  return [
    `# Benchmark (${header.engine}, ${header.leads} lead, ${header.rounds} ölçüm)`,
    '',
    ...header.lines.map((line) => `- ${line}`),
    '',
    failed === 0 ? 'Tüm hedefler karşılandı.' : `**${failed} hedef karşılanmadı** (Not sütununa bakın).`,
    '',
    ...sections.flatMap(renderSection),
  ].join('\n');
}
