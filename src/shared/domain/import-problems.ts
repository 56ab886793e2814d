import { format, messages } from '../i18n/messages';
import type { ImportFileProblem } from './import-file';
import type { ImportLimits } from './import-limits';
import type { MappingProblem } from './import-mapping';

/** What the user reads about a refused file or mapping: Turkish, with the English wording under it (see
 * docs/requirements.md#messages-the-user-reads). */
export interface ImportProblemText {
  text: string;
  /** The spec's English wording, where it gives one. */
  english?: string;
}

const MB = 1024 * 1024;

export function fileProblemText(problem: ImportFileProblem, limits: ImportLimits): ImportProblemText {
  switch (problem) {
    case 'noFile':
      return { text: messages.importNoFile, english: 'No file has been selected' };
    case 'invalidFile':
      return {
        text: messages.importInvalidFile,
        english: 'This file is invalid. Try to use a CSV or Xlsx file',
      };
    case 'noWorksheet':
      return { text: messages.importNoWorksheet, english: 'Must have at least one worksheet' };
    case 'emptyWorksheet':
      return { text: messages.importEmptyWorksheet, english: 'The worksheet is empty' };
    case 'tooLarge':
      return { text: format(messages.importFileTooLarge, { mb: Math.floor(limits.maxBytes / MB) }) };
    case 'tooManyRows':
      return { text: format(messages.importTooManyRows, { max: limits.maxRows }) };
    case 'tooManyColumns':
      return { text: format(messages.importTooManyColumns, { max: limits.maxColumns }) };
    case 'cellTooLong':
      return { text: format(messages.importCellTooLong, { max: limits.maxCellChars }) };
    case 'zipBomb':
      return { text: messages.importZipBomb };
    case 'partTooLarge':
      return {
        text: format(messages.importPartTooLarge, {
          strings: Math.floor(limits.maxSharedStringsBytes / MB),
          sheet: Math.floor(limits.maxSheetBytes / MB),
        }),
      };
    case 'binary':
      return {
        text: messages.importBinaryFile,
        english: 'This file is invalid. Try to use a CSV or Xlsx file',
      };
  }
}

export function mappingProblemText(problem: MappingProblem): ImportProblemText {
  switch (problem.problem) {
    case 'notEnoughColumns':
      return { text: messages.importNotEnoughColumns, english: 'You do not have enough columns' };
    case 'missingColumns':
      return {
        text: format(messages.importMissingColumns, { columns: problem.columns.join(', ') }),
        english: `Missing required columns: ${problem.columns.join(', ')}`,
      };
    case 'selectAllColumns':
      return { text: messages.importSelectAllColumns, english: 'You need to select all columns' };
  }
}

/** Upload pressed without a file (see docs/requirements.md#messages-the-user-reads). */
export const selectFileText: ImportProblemText = {
  text: messages.importSelectFile,
  english: 'You need to select a file',
};
