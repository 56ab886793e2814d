import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ListQuery } from '../../../../../shared/contract';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  toggleSortDirection,
  type ListFilter,
  type ListSort,
} from '../../../../../shared/domain';
import { useNarrowWindow } from '../../../shell/use-narrow-window';
import { readStoredFilters, useStoredColumns, useStoredSort, writeStoredFilters } from '../list-preferences';
import { filtersReducer, keepKnownFilters, type FilterAction } from '../search/filter-state';
import { filtersFromSearchParams } from '../search/url-filters';
import { requestedColumns } from './column-prefs';

export type ListView = {
  sort: ListSort;
  toggleSort: (field: string) => void;
  filters: ListFilter[];
  /** Every filter change goes through here: it saves them for the table and goes back to page 1. */
  changeFilters: (action: FilterAction) => void;
  page: number;
  setPage: (page: number) => void;
  pageSize: number;
  setPageSize: (size: number) => void;
  /** The user's column choice for this table; null: the defaults. */
  storedColumns: string[] | null;
  setStoredColumns: (columns: string[] | null) => void;
  /** The columns asked for; undefined: the server's own list fields. */
  columns: string[] | undefined;
  /** Count every match of the current filters instead of stopping at LIST_COUNT_CAP. */
  exactTotal: boolean;
  requestExactTotal: () => void;
  query: ListQuery;
};

/**
 * The list's query state for one table: sort, filters and columns kept per table in localStorage (see docs/requirements.md#records-notes-and-settings, docs/requirements.md#notification-and-list-states), paging for the session. The list is keyed by table, so another table starts from its own
 * stored state (see docs/requirements.md#shell-lists-and-chat: sort, filters and selection reset on route change).
 *
 * `knownFields` are the fields the user may list (GET /fields): URL multi-search (see docs/requirements.md#shell-lists-and-chat) turns each
 * such query parameter into a filter and wins over the stored filters. The caller waits for the field
 * list before mounting when the URL carries parameters, so the first request already has them.
 */
export function useListView(table: string, knownFields: ReadonlySet<string>): ListView {
  const location = useLocation();
  const navigate = useNavigate();
  const [storedSort, setSort] = useStoredSort(table);
  // A stored sort on a field the user may no longer list would make the server refuse the list.
  const sort = useMemo<ListSort>(
    () => (knownFields.size > 0 && !knownFields.has(storedSort.name) ? { ...DEFAULT_SORT } : storedSort),
    [knownFields, storedSort],
  );
  const [storedColumns, setStoredColumns] = useStoredColumns(table);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState(DEFAULT_PAGE_SIZE);
  const [filters, setFilters] = useState<ListFilter[]>(() => {
    const fromUrl = filtersFromSearchParams(location.search, knownFields);
    return fromUrl.length > 0 ? fromUrl : keepKnownFilters(readStoredFilters(table), knownFields);
  });
  // The filters every change starts from: a debounced column search may fire after another change, and
  // must build on it rather than on the filters of the render that scheduled it.
  const filtersRef = useRef(filters);

  // The field list arrived after the first request (no URL parameters to wait for): drop stored
  // filters on fields the user may not list, and forget them.
  useEffect(() => {
    const kept = keepKnownFilters(filtersRef.current, knownFields);
    if (kept === filtersRef.current) return;
    filtersRef.current = kept;
    setFilters(kept);
    setPage(1);
    writeStoredFilters(table, kept);
  }, [knownFields, table]);

  // A report link to the list already on screen (same table, new query): its parameters win again.
  const appliedSearch = useRef(location.search);
  useEffect(() => {
    if (appliedSearch.current === location.search) return;
    appliedSearch.current = location.search;
    const fromUrl = filtersFromSearchParams(location.search, knownFields);
    if (fromUrl.length === 0) return;
    filtersRef.current = fromUrl;
    setFilters(fromUrl);
    setPage(1);
  }, [location.search, knownFields]);

  const changeFilters = useCallback(
    (action: FilterAction) => {
      const next = keepKnownFilters(filtersReducer(filtersRef.current, action), knownFields);
      filtersRef.current = next;
      setFilters(next);
      setPage(1);
      writeStoredFilters(table, next);
      // The URL was only the way in: once the person edits the filters, a reload must show their edit,
      // not the link's filters again. Parameters that are not fields stay for whoever reads them.
      const params = new URLSearchParams(location.search);
      const fieldParams = [...params.keys()].filter((name) => knownFields.has(name));
      if (fieldParams.length > 0) {
        for (const name of fieldParams) params.delete(name);
        const search = params.toString();
        appliedSearch.current = search === '' ? '' : `?${search}`;
        void navigate({ pathname: location.pathname, search: appliedSearch.current }, { replace: true });
      }
    },
    [table, location.search, location.pathname, knownFields, navigate],
  );

  const toggleSort = useCallback(
    (field: string) => {
      setSort(
        sort.name === field
          ? { name: field, type: toggleSortDirection(sort.type) }
          : { name: field, type: 'asc' },
      );
      setPage(1);
    },
    [sort, setSort],
  );

  const setPageSize = useCallback((size: number) => {
    setPageSizeState(size);
    setPage(1);
  }, []);

  // The exact count is asked for one set of filters: any change of them goes back to the capped count.
  const [exactFor, setExactFor] = useState<ListFilter[] | null>(null);
  const exactTotal = exactFor === filters;
  const requestExactTotal = useCallback(() => setExactFor(filtersRef.current), []);

  // docs/requirements.md#constants-and-limits: a phone-sized window starts leads and customers with id and name only.
  const narrow = useNarrowWindow();
  const columns = useMemo(
    () => requestedColumns(storedColumns, table, narrow),
    [storedColumns, table, narrow],
  );
  const query = useMemo<ListQuery>(
    () => ({
      page,
      limit: pageSize,
      sort,
      filters,
      ...(columns ? { fields: columns } : {}),
      ...(exactTotal ? { exact_total: true } : {}),
    }),
    [page, pageSize, sort, filters, columns, exactTotal],
  );

  return {
    sort,
    toggleSort,
    filters,
    changeFilters,
    page,
    setPage,
    pageSize,
    setPageSize,
    storedColumns,
    setStoredColumns,
    columns,
    exactTotal,
    requestExactTotal,
    query,
  };
}
