import { Button, Classes, Drawer, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo, useState, type ReactNode } from 'react';
import type { FieldMeta } from '../../../../../shared/contract';
import { normalizeSearchText, type ListFilter } from '../../../../../shared/domain';
import { format, messages } from '../../../../../shared/i18n/messages';
import { uiTexts } from '../../../i18n/ui-texts';
import { defaultFilterType, emptyFilterValue, searchFieldKind } from './filter-state';
import { FilterRow, type FilterDraft } from './FilterRow';

export type SearchDrawerProps = {
  isOpen: boolean;
  onClose: () => void;
  /** The fields the user may list (and so filter on), in the table's order; null while loading. */
  fields: readonly FieldMeta[] | null;
  filters: readonly ListFilter[];
  /** The rows the person changed, each replacing its field's filters; empty values remove them. */
  onApply: (rows: ListFilter[]) => void;
  onClear: () => void;
};

type Drafts = Readonly<Record<string, FilterDraft>>;

/** A row per field: its current filter (the last one, when a field has several), else an empty row. */
function initialDrafts(fields: readonly FieldMeta[], filters: readonly ListFilter[]): Drafts {
  const drafts: Record<string, FilterDraft> = {};
  for (const field of fields) {
    const current = filters.findLast((filter) => filter.name === field.name);
    const type = current?.type ?? defaultFilterType(searchFieldKind(field.component.name, field.options));
    drafts[field.name] = { type, value: current?.value ?? emptyFilterValue(type) };
  }
  return drafts;
}

type SearchPanelProps = Omit<SearchDrawerProps, 'isOpen' | 'fields'> & { fields: readonly FieldMeta[] };

function SearchPanel({ fields, filters, onApply, onClear, onClose }: SearchPanelProps): ReactNode {
  // Drafts start from the filters as they are when the panel opens (the drawer mounts this afresh).
  const [drafts, setDrafts] = useState<Drafts>(() => initialDrafts(fields, filters));
  const [changed, setChanged] = useState<ReadonlySet<string>>(() => new Set());
  const [find, setFind] = useState('');
  const visible = useMemo(() => {
    const needle = normalizeSearchText(find);
    if (needle === '') return fields;
    return fields.filter(
      (field) => normalizeSearchText(field.display_name).includes(needle) || field.name.includes(needle),
    );
  }, [fields, find]);

  const apply = (): void => {
    // Only rows the person touched: a field holding two filters (one from the column search row) keeps
    // both unless its row was edited here.
    const rows = [...changed].flatMap((name) => {
      const draft = drafts[name];
      return draft ? [{ name, type: draft.type, value: draft.value }] : [];
    });
    onApply(rows);
    onClose();
  };

  return (
    <form
      className="search-panel"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <div className={`${Classes.DRAWER_BODY} list-drawer-body`} data-testid="search-drawer">
        <InputGroup
          className="search-panel-find"
          leftIcon="search"
          type="search"
          placeholder={uiTexts.findField}
          value={find}
          onValueChange={setFind}
          autoComplete="off"
          data-testid="filter-find-field"
        />
        <div className="filter-rows-head" aria-hidden="true">
          <span>{uiTexts.filterField}</span>
          <span>{uiTexts.filterOperator}</span>
          <span>{uiTexts.filterValue}</span>
        </div>
        <div className="filter-rows">
          {visible.length === 0 ? <p className={Classes.TEXT_MUTED}>{uiTexts.noFieldMatch}</p> : null}
          {visible.map((field) => {
            const draft = drafts[field.name];
            if (!draft) return null;
            return (
              <FilterRow
                key={field.name}
                field={field}
                kind={searchFieldKind(field.component.name, field.options)}
                draft={draft}
                onChange={(next) => {
                  setDrafts((current) => ({ ...current, [field.name]: next }));
                  setChanged((current) => new Set(current).add(field.name));
                }}
              />
            );
          })}
        </div>
      </div>
      <div className={`${Classes.DRAWER_FOOTER} list-drawer-footer`}>
        <span className={Classes.TEXT_MUTED} data-testid="filter-changed-count">
          {changed.size > 0 ? format(uiTexts.changedFilters, { count: changed.size }) : ''}
        </span>
        <div className="list-drawer-footer-actions">
          <Button
            icon="filter-remove"
            text={uiTexts.clearFilters}
            disabled={filters.length === 0 && changed.size === 0}
            onClick={() => {
              onClear();
              setDrafts(initialDrafts(fields, []));
              setChanged(new Set());
            }}
            data-testid="panel-clear-filters"
          />
          <Button text={messages.cancel} onClick={onClose} data-testid="filters-cancel" />
          <Button
            type="submit"
            intent="primary"
            icon="filter"
            text={uiTexts.applyFilters}
            data-testid="apply-filters"
          />
        </div>
      </div>
    </form>
  );
}

/** "Detaylı Arama" (see docs/requirements.md#shell-lists-and-chat detailed search side panel): one row per field the user may list. */
export function SearchDrawer({ isOpen, onClose, fields, ...panel }: SearchDrawerProps): ReactNode {
  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      title={uiTexts.detailedSearch}
      icon="filter-list"
      size={680}
      className="list-drawer search-drawer"
    >
      {fields ? (
        <SearchPanel fields={fields} onClose={onClose} {...panel} />
      ) : (
        <div className={Classes.DRAWER_BODY}>
          <NonIdealState icon={<Spinner size={24} />} title={messages.loading} />
        </div>
      )}
    </Drawer>
  );
}
