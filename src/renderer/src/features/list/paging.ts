import { format } from '../../../../shared/i18n/messages';
import { uiTexts } from '../../i18n/ui-texts';

export type Paging = {
  /** At least 1, so "Sayfa 1 / 1" also for an empty list. */
  pages: number;
  hasNextPage: boolean;
  /** The last page is known only from an exact total. */
  canGoToLast: boolean;
  /** "5.671", or "10.000+" when the count stopped at the cap. */
  totalText: string;
  pagesText: string;
};

export type PagingInput = {
  total: number;
  /** The server stopped counting at `total` (total_capped). */
  capped: boolean;
  page: number;
  pageSize: number;
  /** Rows on the page on screen: a full page of a capped list means another may follow. */
  rowsOnPage: number;
};

const countText = (count: number, capped: boolean): string => {
  const text = count.toLocaleString('tr-TR');
  return capped ? format(uiTexts.atLeast, { count: text }) : text;
};

/** Footer figures of a list page; a capped total is a lower bound, so paging goes on while pages are full. */
export function pagingOf({ total, capped, page, pageSize, rowsOnPage }: PagingInput): Paging {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return {
    pages,
    hasNextPage: capped ? rowsOnPage >= pageSize : page < pages,
    canGoToLast: !capped && page < pages,
    totalText: countText(total, capped),
    pagesText: countText(pages, capped),
  };
}
