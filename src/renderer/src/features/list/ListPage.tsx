import { Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, RenderMode, SelectionModes, Table } from '@blueprintjs/table';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ListQuery, RecordRow } from '../../../../shared/contract';
import {
  DEFAULT_COLUMNS,
  DEFAULT_PAGE_SIZE,
  toggleSortDirection,
  withIdFirst,
  type ListSort,
} from '../../../../shared/domain';
import { messages } from '../../../../shared/i18n/messages';
import type { CrmError } from '../../api/crm-error';
import { usePermissions } from '../../api/permissions';
import { useTableData } from '../../api/table-data';
import { FieldValue, type FieldDescriptor } from '../../components/field-renderers';
import { uiTexts } from '../../i18n/ui-texts';
import { buildColumns, columnWidths } from './columns';
import { ListFooter } from './ListFooter';
import { readStoredColumns, useStoredSort } from './list-preferences';
import { SortHeader } from './SortHeader';
import { useElementSize } from './use-element-size';

/** Room for the vertical scrollbar, so stretched columns never force a horizontal one as well. */
const SCROLLBAR_ALLOWANCE = 16;
const ROW_HEIGHT = 30;
/** Blueprint's column header row. */
const HEADER_HEIGHT = 31;

export type ListPageProps = { table: string };

function ListLoading(): ReactNode {
  return (
    <div className="list-state" role="status" data-testid="list-loading">
      <Spinner size={24} />
      <span>{messages.loading}</span>
    </div>
  );
}

export type ListErrorProps = { error: CrmError; onRetry: () => void };

function ListError({ error, onRetry }: ListErrorProps): ReactNode {
  return (
    <div className="list-state" data-testid="list-error">
      <NonIdealState
        icon={error.kind === 'network' ? 'offline' : 'error'}
        title={error.kind === 'network' ? messages.crmAccessProblem : uiTexts.listLoadFailed}
        description={error.message}
        action={<Button intent="primary" icon="refresh" text={messages.retry} onClick={onRetry} />}
      />
    </div>
  );
}

function ListEmpty(): ReactNode {
  return (
    <div className="list-state" data-testid="list-empty">
      <NonIdealState icon="search" title={messages.noRecords} description={messages.noRecordsMatch} />
    </div>
  );
}

export type ListTableProps = {
  columns: FieldDescriptor[];
  rows: RecordRow[];
  sort: ListSort;
  onToggleSort: (field: string) => void;
};

function ListTable({ columns, rows, sort, onToggleSort }: ListTableProps): ReactNode {
  const [measure, { width, height }] = useElementSize<HTMLDivElement>();
  // Widths the user dragged by hand, by column name, for as long as this list is open.
  const [resized, setResized] = useState<Record<string, number>>({});
  const widths = useMemo(() => {
    const scrolls = HEADER_HEIGHT + rows.length * ROW_HEIGHT > height;
    return columnWidths(columns, Math.max(0, width - (scrolls ? SCROLLBAR_ALLOWANCE : 0)), resized);
  }, [columns, rows.length, width, height, resized]);
  const tableRef = useRef<Table>(null);
  // Blueprint's Table draws with the grid of its previous render and only rebuilds the grid after the
  // update, so new column widths would show one render late. Effects run after that rebuild: redraw then.
  useEffect(() => {
    tableRef.current?.forceUpdate();
  }, [widths]);

  return (
    <div className="list-table" data-testid="list-table" ref={measure}>
      {width > 0 ? (
        <Table
          ref={tableRef}
          numRows={rows.length}
          columnWidths={widths}
          defaultRowHeight={ROW_HEIGHT}
          enableRowHeader={false}
          enableGhostCells={false}
          enableColumnResizing
          selectionModes={SelectionModes.NONE}
          // A page is at most 500 rows: render the visible cells at once instead of in batches.
          renderMode={RenderMode.NONE}
          cellRendererDependencies={[rows, columns]}
          onColumnWidthChanged={(index, size) => {
            const column = columns[index];
            if (column) setResized((current) => ({ ...current, [column.name]: size }));
          }}
        >
          {columns.map((column) => (
            <Column
              key={column.name}
              id={column.name}
              columnHeaderCellRenderer={() => (
                <ColumnHeaderCell
                  className="list-header-cell"
                  nameRenderer={() => (
                    <SortHeader
                      field={column.name}
                      label={column.displayName}
                      sort={sort}
                      onToggle={onToggleSort}
                    />
                  )}
                />
              )}
              cellRenderer={(rowIndex) => {
                const row = rows[rowIndex] ?? {};
                return (
                  <Cell className={`list-cell list-cell-${column.component}`}>
                    <FieldValue value={row[column.name]} field={column} row={row} />
                  </Cell>
                );
              }}
            />
          ))}
        </Table>
      ) : null}
    </div>
  );
}

/** /list/:table, first version: sortable, paged Table with per-table column and sort preferences. */
export function ListPage({ table }: ListPageProps): ReactNode {
  const permissions = usePermissions();
  const [sort, setSort] = useStoredSort(table);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  // Read once per table: the column chooser (a later screen) writes it and remounts the list.
  const [storedColumns] = useState(() => readStoredColumns(table));
  const requestedColumns = useMemo(() => {
    const chosen =
      storedColumns ?? (Object.hasOwn(DEFAULT_COLUMNS, table) ? DEFAULT_COLUMNS[table] : undefined);
    return chosen ? withIdFirst(chosen) : undefined;
  }, [storedColumns, table]);

  const query = useMemo<ListQuery>(
    () => ({
      page,
      limit: pageSize,
      sort,
      filters: [],
      ...(requestedColumns ? { fields: requestedColumns } : {}),
    }),
    [page, pageSize, sort, requestedColumns],
  );
  const result = useTableData(table, query);
  const answer = result.data;

  const columns = useMemo(
    () => (answer ? buildColumns(answer, requestedColumns) : []),
    [answer, requestedColumns],
  );
  const total = answer?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  // The table shrank under us (records deleted, another agent took them): stay on a page that exists.
  useEffect(() => {
    if (answer && !result.isPlaceholderData && page > pages) setPage(pages);
  }, [answer, result.isPlaceholderData, page, pages]);

  const toggleSort = (field: string): void => {
    setSort(
      sort.name === field
        ? { name: field, type: toggleSortDirection(sort.type) }
        : { name: field, type: 'asc' },
    );
    setPage(1);
  };

  const title = permissions.data?.tables.find((entry) => entry.table === table)?.name ?? table;
  const refreshing = result.isFetching && answer !== undefined;

  let body: ReactNode;
  if (!answer) {
    body = result.isError ? (
      <ListError error={result.error} onRetry={() => void result.refetch()} />
    ) : (
      <ListLoading />
    );
  } else if (answer.results.length === 0) {
    body = <ListEmpty />;
  } else {
    body = <ListTable columns={columns} rows={answer.results} sort={sort} onToggleSort={toggleSort} />;
  }

  return (
    <div className="page list-page" data-testid="list-page" data-table={table}>
      <header className="page-header">
        <h1 className="page-title">{title}</h1>
        {refreshing ? (
          <span className="list-refreshing" role="status" data-testid="list-refreshing">
            <Spinner size={14} />
            {messages.loading}
          </span>
        ) : null}
      </header>
      {answer && result.isError ? (
        <Callout intent="danger" compact className="list-inline-error" data-testid="list-error">
          <div className="list-inline-error-body">
            <span>{result.error.message}</span>
            <Button
              variant="minimal"
              size="small"
              icon="refresh"
              text={messages.retry}
              onClick={() => void result.refetch()}
            />
          </div>
        </Callout>
      ) : null}
      <div className="list-body">{body}</div>
      {answer ? (
        <ListFooter
          total={total}
          page={page}
          pages={pages}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      ) : null}
    </div>
  );
}
