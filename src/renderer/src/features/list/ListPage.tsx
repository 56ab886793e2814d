import { Button, Callout, NonIdealState, Spinner, Switch, Tag } from '@blueprintjs/core';
import {
  Cell,
  Column,
  ColumnHeaderCell,
  RenderMode,
  SelectionModes,
  Table,
  type CellProps,
  type ColumnProps,
} from '@blueprintjs/table';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { FieldMeta, RecordRow } from '../../../../shared/contract';
import type { ListFilter, ListSort } from '../../../../shared/domain';
import { LEAD_LIST_TABLES, recordPath } from '../../../../shared/domain/constants';
import { format, messages } from '../../../../shared/i18n/messages';
import type { CrmError } from '../../api/crm-error';
import { useFields } from '../../api/fields';
import { ResolvedOptionsContext, useOptionLists } from '../../api/options';
import { usePermissions } from '../../api/permissions';
import { useTableData } from '../../api/table-data';
import { EditorTableContext } from '../../components/field-editors';
import { FieldRendererContext, FieldValue, type FieldDescriptor } from '../../components/field-renderers';
import { uiTexts } from '../../i18n/ui-texts';
import { buildColumns, columnWidths } from './columns';
import { ListFooter } from './ListFooter';
import { rememberListContext } from './list-context';
import { pagingOf } from './paging';
import { useAutoRefreshPreference } from './list-preferences';
import { ActiveFilters } from './search/ActiveFilters';
import { ColumnSearchInput } from './search/ColumnSearchInput';
import { FavoriteFilters } from './search/FavoriteFilters';
import { SearchDrawer } from './search/SearchDrawer';
import { searchParamNames } from './search/url-filters';
import { SortHeader } from './SortHeader';
import { useElementSize } from './use-element-size';
import { useScrollSettle } from './use-scroll-settle';
import { ColumnsDrawer } from './view/ColumnsDrawer';
import type { ListActionContext } from './view/list-actions';
import { ListToolbar } from './view/ListToolbar';
import { useAutoRefresh } from './view/use-auto-refresh';
import { useListKeyboard } from './view/use-list-keyboard';
import { useListView } from './view/use-list-view';
import { InsertButton } from './modals/InsertDialog';
import { useRecordModals } from './modals/RecordModals';
import { BulkToolbar } from './rows/BulkToolbar';
import { ExcelUploadLink } from './rows/ExcelUploadLink';
import { ExportButton } from './export/ExportButton';
import { useCanExport } from './export/can-export';
import { InlineInsertRow } from './rows/InlineInsertRow';
import { recordIdFromDoubleClick } from './rows/row-double-click';
import { SelectedCount } from './rows/SelectedCount';
import { SELECTION_COLUMN_WIDTH, selectionColumn } from './rows/SelectionColumn';
import { useRowSelection } from './rows/use-row-selection';
import './rows/rows.css';
import './search/search.css';
import './view/view.css';

/** Room for the vertical scrollbar, so stretched columns never force a horizontal one as well. */
const SCROLLBAR_ALLOWANCE = 16;
const ROW_HEIGHT = 30;
/** Blueprint's column header row: the sortable title plus the column search row under it. */
const HEADER_HEIGHT = 62;

/** The list's drawers and popovers; one open at a time, and Esc closes it. */
type ListPanel = 'filters' | 'columns' | 'favorites';

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
    <div className="list-state list-empty-overlay" data-testid="list-empty">
      <NonIdealState icon="search" title={messages.noRecords} description={messages.noRecordsMatch} />
    </div>
  );
}

/** A column placed before the data columns (the row checkboxes), with its fixed width. */
export type LeadingColumn = { element: ReactElement<ColumnProps>; width: number };

export type DataColumnsOptions = {
  columns: readonly FieldDescriptor[];
  rows: readonly RecordRow[];
  sort: ListSort;
  onToggleSort: (field: string) => void;
  filters: readonly ListFilter[];
  onColumnSearch: (name: string, type: ListFilter['type'], value: string) => void;
};

/**
 * Each data cell's element, kept while its page (the rows array) and its column stay the same. Blueprint
 * calls the cell renderer for every visible cell on every draw (each wheel step); handing back the same
 * element (same children, same ref callback) lets its Cell skip rendering, so a scroll renders only the
 * cells it brings into view.
 */
const cellElements = new WeakMap<
  readonly RecordRow[],
  WeakMap<FieldDescriptor, Map<number, ReactElement<CellProps>>>
>();

function dataCell(
  rows: readonly RecordRow[],
  column: FieldDescriptor,
  rowIndex: number,
): ReactElement<CellProps> {
  let byColumn = cellElements.get(rows);
  if (!byColumn) {
    byColumn = new WeakMap();
    cellElements.set(rows, byColumn);
  }
  let byRow = byColumn.get(column);
  if (!byRow) {
    byRow = new Map();
    byColumn.set(column, byRow);
  }
  const cached = byRow.get(rowIndex);
  if (cached) return cached;
  const row = rows[rowIndex] ?? {};
  const element = (
    <Cell
      className={`list-cell list-cell-${column.component}`}
      cellRef={(cell) => {
        // Lets a click anywhere in the row find its index, and the highlight rule find the row.
        if (cell) cell.dataset.row = String(rowIndex);
      }}
    >
      <FieldValue value={row[column.name]} field={column} row={row} />
    </Cell>
  );
  byRow.set(rowIndex, element);
  return element;
}

/**
 * The data columns: sortable title with the column's search box under it, cells drawn by the field's
 * renderer. A function rather than a component because Blueprint's Table reads its Column children's
 * props directly.
 */
export function dataColumns({
  columns,
  rows,
  sort,
  onToggleSort,
  filters,
  onColumnSearch,
}: DataColumnsOptions): ReactElement<ColumnProps>[] {
  return columns.map((column) => (
    <Column
      key={column.name}
      id={column.name}
      columnHeaderCellRenderer={() => (
        <ColumnHeaderCell
          className="list-header-cell"
          nameRenderer={() => (
            <SortHeader field={column.name} label={column.displayName} sort={sort} onToggle={onToggleSort} />
          )}
        >
          <ColumnSearchInput column={column} filters={filters} onSearch={onColumnSearch} />
        </ColumnHeaderCell>
      )}
      cellRenderer={(rowIndex) => dataCell(rows, column, rowIndex)}
    />
  ));
}

export type ListTableProps = {
  columns: FieldDescriptor[];
  rows: RecordRow[];
  sort: ListSort;
  onToggleSort: (field: string) => void;
  filters: readonly ListFilter[];
  onColumnSearch: (name: string, type: ListFilter['type'], value: string) => void;
  /** The keyboard-highlighted row (arrows), or null. */
  focusedRow: number | null;
  onFocusRow: (index: number) => void;
  /**
   * Names the request the rows answer: a new page, sort or filter draws a new table at once, while a
   * refetch of the same request (auto refresh, after a save) updates the cells in place.
   */
  dataKey: string;
  /** Columns before the data columns, e.g. the row checkboxes. */
  leadingColumns?: readonly LeadingColumn[];
  /** State the leading columns draw from (e.g. the ticked ids), so their cells redraw when it changes. */
  renderDependencies?: readonly unknown[];
};

const NO_LEADING: readonly LeadingColumn[] = [];

/**
 * Pages up to this size draw every visible cell in one go. Larger ones update in batches between frames
 * (Blueprint's BATCH_ON_UPDATE): the cells a scroll exposes on a 500-row page would otherwise be one
 * main-thread task of a few hundred milliseconds. useScrollSettle makes sure the batches end at the
 * rows where the scroll stopped.
 */
const SYNC_RENDER_MAX_ROWS = 100;

/**
 * The arrow keys' highlight as one style rule on the row's cells (found by their data-row), so moving it
 * re-renders no cell at all.
 */
function focusRule(row: number): string {
  return `.list-table .list-cell.bp6-table-cell[data-row="${row}"] {
    background: var(--list-focus-bg);
    box-shadow: inset 0 1px 0 var(--list-focus-line), inset 0 -1px 0 var(--list-focus-line);
  }`;
}
const NO_DEPENDENCIES: readonly unknown[] = [];

/** Keeps the highlighted row inside the visible part of Blueprint's scrolling quadrant. */
function scrollRowIntoView(container: HTMLElement, index: number): void {
  const scroller = container.querySelector<HTMLElement>(
    '.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container',
  );
  if (!scroller) return;
  const header = container.querySelector<HTMLElement>('.bp6-table-quadrant-top');
  const headerHeight = header?.offsetHeight ?? HEADER_HEIGHT;
  const top = index * ROW_HEIGHT;
  const visible = scroller.clientHeight - headerHeight;
  if (top < scroller.scrollTop) scroller.scrollTop = top;
  else if (top + ROW_HEIGHT > scroller.scrollTop + visible) scroller.scrollTop = top + ROW_HEIGHT - visible;
}

function ListTable({
  columns,
  rows,
  sort,
  onToggleSort,
  filters,
  onColumnSearch,
  focusedRow,
  onFocusRow,
  dataKey,
  leadingColumns = NO_LEADING,
  renderDependencies = NO_DEPENDENCIES,
}: ListTableProps): ReactNode {
  const [measure, { width, height }] = useElementSize<HTMLDivElement>();
  const container = useRef<HTMLDivElement | null>(null);
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const attach = useCallback(
    (next: HTMLDivElement | null) => {
      container.current = next;
      setElement(next);
      measure(next);
    },
    [measure],
  );
  useScrollSettle(element);
  // Widths the user dragged by hand, by column name, for as long as this list is open.
  const [resized, setResized] = useState<Record<string, number>>({});
  const leadingWidth = leadingColumns.reduce((sum, column) => sum + column.width, 0);
  const widths = useMemo(() => {
    const scrolls = HEADER_HEIGHT + rows.length * ROW_HEIGHT > height;
    const available = Math.max(0, width - leadingWidth - (scrolls ? SCROLLBAR_ALLOWANCE : 0));
    return [...leadingColumns.map((column) => column.width), ...columnWidths(columns, available, resized)];
  }, [columns, rows.length, width, height, resized, leadingColumns, leadingWidth]);
  const tableRef = useRef<Table>(null);
  const drawn = useRef<{ table: Table | null; widths: number[] }>({ table: null, widths });
  // Blueprint's Table draws with the grid of its previous render and only rebuilds the grid after the
  // update, so new column widths would show one render late. Effects run after that rebuild: redraw then.
  // A table mounted by this render (a new page, sort or filter) was built with these widths, and equal
  // widths recomputed (a ticked row, a refetch) change nothing: a redraw would only lay out all its cells
  // once more inside the same task (~50 ms on 500 fresh rows).
  useEffect(() => {
    const table = tableRef.current;
    const last = drawn.current;
    drawn.current = { table, widths };
    const changed = widths.length !== last.widths.length || widths.some((w, i) => w !== last.widths[i]);
    if (table && table === last.table && changed) table.forceUpdate();
  });
  useEffect(() => {
    if (focusedRow !== null && container.current) scrollRowIntoView(container.current, focusedRow);
  }, [focusedRow]);

  return (
    <div
      className="list-table"
      data-testid="list-table"
      ref={attach}
      onClick={(event) => {
        const cell = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-row]') : null;
        const index = cell ? Number(cell.dataset.row) : Number.NaN;
        if (Number.isInteger(index)) onFocusRow(index);
      }}
    >
      {focusedRow === null ? null : <style>{focusRule(focusedRow)}</style>}
      {width > 0 ? (
        <Table
          key={dataKey}
          ref={tableRef}
          numRows={rows.length}
          columnWidths={widths}
          defaultRowHeight={ROW_HEIGHT}
          enableRowHeader={false}
          enableGhostCells={false}
          enableColumnResizing
          selectionModes={SelectionModes.NONE}
          renderMode={rows.length > SYNC_RENDER_MAX_ROWS ? RenderMode.BATCH_ON_UPDATE : RenderMode.NONE}
          cellRendererDependencies={[rows, columns, filters, ...renderDependencies]}
          onColumnWidthChanged={(index, size) => {
            const column = columns[index - leadingColumns.length];
            if (column) setResized((current) => ({ ...current, [column.name]: size }));
          }}
        >
          {[
            ...leadingColumns.map((column) => column.element),
            ...dataColumns({ columns, rows, sort, onToggleSort, filters, onColumnSearch }),
          ]}
        </Table>
      ) : null}
      {/* The header (and its search row) stays, so a search that found nothing can be changed right here. */}
      {rows.length === 0 ? <ListEmpty /> : null}
    </div>
  );
}

/**
 * /list/:table. With URL multi-search parameters (see docs/requirements.md#shell-lists-and-chat) the list first needs the field list to know
 * which parameters are fields; it waits for it, so the first request already carries those filters.
 */
export function ListPage({ table }: ListPageProps): ReactNode {
  const location = useLocation();
  const fields = useFields(table);
  if (searchParamNames(location.search).length > 0 && fields.isPending) {
    return (
      <div className="page list-page" data-testid="list-page" data-table={table}>
        <div className="list-body">
          <ListLoading />
        </div>
      </div>
    );
  }
  // Choice editors of the search panel, the forms and the bulk edit search long lists on the server.
  return (
    <EditorTableContext value={table}>
      <ListScreen table={table} fields={fields.data ?? null} />
    </EditorTableContext>
  );
}

export type ListScreenProps = {
  table: string;
  /** The fields the user may list (GET /fields), null while loading or after a failure. */
  fields: FieldMeta[] | null;
};

const NO_FIELDS: ReadonlySet<string> = new Set();

/** The generic list (see docs/requirements.md#shell-lists-and-chat): toolbar, active filters, table with search row, footer, drawers. */
function ListScreen({ table, fields }: ListScreenProps): ReactNode {
  const permissions = usePermissions();
  const navigate = useNavigate();
  const knownFields = useMemo(
    () => (fields ? new Set(fields.map((field) => field.name)) : NO_FIELDS),
    [fields],
  );
  const view = useListView(table, knownFields);
  // "Sonraki kayıt" on a lead opened from here walks this list as shown (URL filters included).
  useEffect(() => {
    rememberListContext({ table, filters: view.filters, sort: view.sort });
  }, [table, view.filters, view.sort]);
  const canExportTable = useCanExport(table);
  const result = useTableData(table, view.query);
  const answer = result.data;
  // The request the rows on screen answer: while a new one loads, the previous rows stay (placeholder).
  const requestKey = JSON.stringify(view.query);
  const [shownKey, setShownKey] = useState(requestKey);
  if (answer && !result.isPlaceholderData && shownKey !== requestKey) setShownKey(requestKey);
  const [autoRefresh, setAutoRefresh] = useAutoRefreshPreference();
  const refetch = result.refetch;
  useAutoRefresh(
    autoRefresh,
    useCallback(() => void refetch(), [refetch]),
  );
  const [panel, setPanel] = useState<ListPanel | null>(null);

  // Fields for the search panel, the column chooser and the filter tags: GET /fields, else the answer's.
  const fieldList = fields ?? answer?.all_fields ?? null;
  const fieldsByName = useMemo(
    () => new Map((fieldList ?? []).map((field) => [field.name, field])),
    [fieldList],
  );
  const columns = useMemo(() => (answer ? buildColumns(answer, view.columns) : []), [answer, view.columns]);
  // The columns' option lists, observed once here rather than by each of a page's cells.
  const optionListIds = useMemo(
    () => [...new Set(columns.flatMap((column) => (column.options === null ? [] : [column.options])))],
    [columns],
  );
  const optionLists = useOptionLists(optionListIds);
  const rows = useMemo(() => answer?.results ?? [], [answer]);
  const { page, setPage } = view;
  // A capped total ("10.000+") is a lower bound: paging goes on while pages come back full.
  const capped = answer?.total_capped === true;
  const paging = pagingOf({
    total: answer?.total ?? 0,
    capped,
    page,
    pageSize: view.pageSize,
    rowsOnPage: rows.length,
  });
  const { pages } = paging;

  // The table shrank under us (records deleted, another agent took them): stay on a page that exists.
  useEffect(() => {
    if (answer && !capped && !result.isPlaceholderData && page > pages) setPage(pages);
  }, [answer, capped, result.isPlaceholderData, page, pages, setPage]);

  // The keyboard highlight belongs to the page on screen; a new page, sort or filter starts without one.
  const [focus, setFocus] = useState<{ query: typeof view.query; row: number | null }>({
    query: view.query,
    row: null,
  });
  const focusedRow =
    focus.query === view.query && focus.row !== null && focus.row < rows.length ? focus.row : null;
  const focusRow = useCallback((row: number) => setFocus({ query: view.query, row }), [view.query]);

  // Row checkboxes, bulk actions and record modals (./rows, ./modals). Space ticks the focused row.
  const selection = useRowSelection(table);
  const onToggleRow = selection.toggle;
  const records = useRecordModals(table);
  const { openRecord } = records;
  const leadNames = answer?.lead_names;
  const rendererContext = useMemo(
    () => (leadNames ? { ...records.context, leadNames } : records.context),
    [records.context, leadNames],
  );
  // Known once the permissions have loaded; until then the button keeps its usual edit face.
  const tableFlags = permissions.data?.tables.find((entry) => entry.table === table);
  const readOnly = tableFlags !== undefined && tableFlags.update !== 1;
  const leadingColumns = useMemo<LeadingColumn[]>(
    () => [
      {
        element: selectionColumn({ rows, selection, onOpenRow: openRecord, readOnly }),
        width: SELECTION_COLUMN_WIDTH,
      },
    ],
    [rows, selection, openRecord, readOnly],
  );

  const keyboard = useMemo<ListActionContext>(
    () => ({
      rowCount: rows.length,
      focusedRow,
      panelOpen: panel !== null,
      canToggleRows: onToggleRow !== undefined,
      focusRow,
      openRow: (index) => {
        const id = rows[index]?.id;
        if (typeof id === 'number' || (typeof id === 'string' && id !== '')) {
          void navigate(`/detail/${encodeURIComponent(table)}/${encodeURIComponent(String(id))}`);
        }
      },
      toggleRow: (index) => {
        const id = Number(rows[index]?.id);
        if (Number.isInteger(id) && id > 0) onToggleRow?.(id);
      },
      closePanels: () => setPanel(null),
    }),
    [rows, focusedRow, panel, onToggleRow, focusRow, navigate, table],
  );
  useListKeyboard(keyboard);

  const { changeFilters } = view;
  const onColumnSearch = useCallback(
    (name: string, type: ListFilter['type'], value: string) =>
      changeFilters({ type: 'columnSearch', name, filterType: type, value }),
    [changeFilters],
  );

  const title = permissions.data?.tables.find((entry) => entry.table === table)?.name ?? table;
  const refreshing = result.isFetching && answer !== undefined;
  const shownColumns = columns.map((column) => column.name);

  let body: ReactNode;
  if (!answer) {
    body = result.isError ? (
      <ListError error={result.error} onRetry={() => void result.refetch()} />
    ) : (
      <ListLoading />
    );
  } else {
    body = (
      <ListTable
        columns={columns}
        rows={answer.results}
        sort={view.sort}
        onToggleSort={view.toggleSort}
        filters={view.filters}
        onColumnSearch={onColumnSearch}
        focusedRow={focusedRow}
        onFocusRow={focusRow}
        dataKey={shownKey}
        leadingColumns={leadingColumns}
        renderDependencies={[selection.selectedIds]}
      />
    );
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
      <ListToolbar
        start={
          <>
            <Button
              icon="filter-list"
              text={uiTexts.detailedSearch}
              active={panel === 'filters'}
              onClick={() => setPanel('filters')}
              data-testid="open-filters"
            >
              {view.filters.length > 0 ? (
                <Tag
                  minimal
                  round
                  intent="primary"
                  className="toolbar-count"
                  title={format(uiTexts.filterCount, { count: view.filters.length })}
                  data-testid="filter-count"
                >
                  {view.filters.length}
                </Tag>
              ) : null}
            </Button>
            <FavoriteFilters
              table={table}
              filters={view.filters}
              onApply={(filters) => changeFilters({ type: 'replace', filters })}
              isOpen={panel === 'favorites'}
              onOpenChange={(open) => setPanel(open ? 'favorites' : null)}
            />
          </>
        }
        end={
          <>
            <Switch
              className="list-auto-refresh"
              checked={autoRefresh}
              label={uiTexts.autoRefresh}
              title={uiTexts.autoRefreshHint}
              onChange={(event) => setAutoRefresh(event.currentTarget.checked)}
              data-testid="auto-refresh"
            />
            <Button
              icon="column-layout"
              text={uiTexts.displaySettings}
              active={panel === 'columns'}
              onClick={() => setPanel('columns')}
              data-testid="open-columns"
            />
          </>
        }
      >
        {/* Record actions: Ekle, bulk Düzenle / Sil, Excel'e Aktar, Excel Yükle. */}
        <InsertButton table={table} />
        <BulkToolbar table={table} selection={selection} />
        {canExportTable ? (
          <ExportButton
            table={table}
            getQuery={() => ({ filters: view.filters, sort: view.sort, fields: shownColumns })}
          />
        ) : null}
        <ExcelUploadLink table={table} />
      </ListToolbar>
      <ActiveFilters
        filters={view.filters}
        fields={fieldsByName}
        onRemove={(name, type) => changeFilters({ type: 'remove', name, filterType: type })}
        onClear={() => changeFilters({ type: 'clear' })}
      />
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
      <InlineInsertRow table={table} />
      <FieldRendererContext value={rendererContext}>
        <ResolvedOptionsContext value={optionLists}>
          <div
            className="list-body"
            onDoubleClick={(event) => {
              const id = recordIdFromDoubleClick(event, rows);
              if (id === null) return;
              // A lead or customer opens in its workspace; the pencil keeps the edit form.
              if (LEAD_LIST_TABLES.has(table)) void navigate(recordPath(table, id));
              else openRecord(id);
            }}
          >
            {body}
          </div>
        </ResolvedOptionsContext>
      </FieldRendererContext>
      {records.element}
      {answer ? (
        <ListFooter
          paging={paging}
          onExactTotal={capped ? view.requestExactTotal : undefined}
          page={page}
          pageSize={view.pageSize}
          onPageChange={setPage}
          onPageSizeChange={view.setPageSize}
          extra={<SelectedCount count={selection.count} />}
        />
      ) : null}
      <SearchDrawer
        isOpen={panel === 'filters'}
        onClose={() => setPanel(null)}
        fields={fieldList}
        filters={view.filters}
        onApply={(rows) => changeFilters({ type: 'applyRows', rows })}
        onClear={() => changeFilters({ type: 'clear' })}
      />
      <ColumnsDrawer
        isOpen={panel === 'columns'}
        onClose={() => setPanel(null)}
        fields={fieldList ?? []}
        columns={shownColumns}
        customised={view.storedColumns !== null}
        onChange={view.setStoredColumns}
        onReset={() => view.setStoredColumns(null)}
      />
    </div>
  );
}
