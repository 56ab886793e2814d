import { BID_NAME_QUESTION, type BidAnswerItem } from '../../../../shared/contract/bids';
import { safePdfFileName } from '../../../../shared/domain';

/** The offer's file name: the answer to 'İsim Soyisim' (see docs/requirements.md#lead-workspace-and-work-screens), else the lead's name. */
export function bidPdfFileName(answers: readonly BidAnswerItem[], leadName: string): string {
  const named = answers.find((item) => item.question.trim() === BID_NAME_QUESTION)?.value.trim();
  return safePdfFileName(named && named !== '' ? named : leadName);
}
