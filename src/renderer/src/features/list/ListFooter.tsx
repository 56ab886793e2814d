import { Button, ButtonGroup, HTMLSelect } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { PAGE_SIZE_OPTIONS } from '../../../../shared/domain';
import { format, messages } from '../../../../shared/i18n/messages';
import { uiTexts } from '../../i18n/ui-texts';
import type { Paging } from './paging';

export type ListFooterProps = {
  paging: Paging;
  /** Shown while the total is capped ("10.000+"): asks for the exact count of the current filters. */
  onExactTotal?: (() => void) | undefined;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** More counts after the page count, e.g. the selected rows ("Seçili: {n}"). */
  extra?: ReactNode;
};

const PAGE_SIZE_ITEMS = PAGE_SIZE_OPTIONS.map((size) => ({ value: size, label: String(size) }));

/** docs/requirements.md#shell-lists-and-chat footer: "Toplam Kayıt: {total}", the page count, the page-size selector and paging. */
export function ListFooter({
  paging,
  onExactTotal,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  extra,
}: ListFooterProps): ReactNode {
  const { pages } = paging;
  const totalText = format(messages.totalRecordsCount, { total: paging.totalText });
  return (
    <footer className="list-footer">
      <div className="list-footer-counts">
        <span data-testid="list-total">{totalText}</span>
        {onExactTotal ? (
          <Button
            variant="minimal"
            size="small"
            intent="primary"
            text={uiTexts.exactTotal}
            title={uiTexts.exactTotalHint}
            onClick={onExactTotal}
            data-testid="exact-total"
          />
        ) : null}
        <span className="list-footer-sep" aria-hidden="true">
          ·
        </span>
        <span data-testid="list-pages">{format(uiTexts.pageOf, { page, pages: paging.pagesText })}</span>
        {extra ? (
          <>
            <span className="list-footer-sep" aria-hidden="true">
              ·
            </span>
            {extra}
          </>
        ) : null}
      </div>
      <div className="list-footer-paging">
        <label className="list-page-size">
          <span>{messages.pageSize}</span>
          <HTMLSelect
            value={pageSize}
            options={PAGE_SIZE_ITEMS}
            // docs/requirements.md#filters-and-list-input: the page size is parsed as an integer.
            onChange={(event) => {
              const size = Number.parseInt(event.currentTarget.value, 10);
              if (Number.isInteger(size) && size > 0) onPageSizeChange(size);
            }}
            data-testid="page-size"
          />
        </label>
        <ButtonGroup>
          <Button
            icon="double-chevron-left"
            size="small"
            disabled={page <= 1}
            onClick={() => onPageChange(1)}
            title={uiTexts.firstPage}
            aria-label={uiTexts.firstPage}
            data-testid="first-page"
          />
          <Button
            icon="chevron-left"
            size="small"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
            title={uiTexts.previousPage}
            aria-label={uiTexts.previousPage}
            data-testid="prev-page"
          />
          <Button
            icon="chevron-right"
            size="small"
            disabled={!paging.hasNextPage}
            onClick={() => onPageChange(page + 1)}
            title={uiTexts.nextPage}
            aria-label={uiTexts.nextPage}
            data-testid="next-page"
          />
          <Button
            icon="double-chevron-right"
            size="small"
            disabled={!paging.canGoToLast}
            onClick={() => onPageChange(pages)}
            title={uiTexts.lastPage}
            aria-label={uiTexts.lastPage}
            data-testid="last-page"
          />
        </ButtonGroup>
      </div>
    </footer>
  );
}
