import {
  Alert,
  Button,
  Classes,
  FormGroup,
  InputGroup,
  Menu,
  MenuDivider,
  MenuItem,
  PopoverNext,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import type { FavoriteFilter } from '../../../../../shared/contract';
import type { ListFilter } from '../../../../../shared/domain';
import { messages } from '../../../../../shared/i18n/messages';
import { useNotifier } from '../../../ui/toaster';
import { uiTexts } from '../../../i18n/ui-texts';
import { useFavoriteFilters, useRemoveFavoriteFilter, useSaveFavoriteFilter } from './favorite-filters-api';
import { parseFilters } from './filter-state';

export type FavoriteFiltersProps = {
  table: string;
  filters: readonly ListFilter[];
  onApply: (filters: ListFilter[]) => void;
  /** Controlled, so Esc on the list closes it like the drawers. */
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
};

export type SaveFavoriteFormProps = {
  table: string;
  filters: readonly ListFilter[];
  onDone: () => void;
};

/** Name and save; the name is required (see docs/requirements.md#filters-and-list-input: "Favourite filter name required"). */
function SaveFavoriteForm({ table, filters, onDone }: SaveFavoriteFormProps): ReactNode {
  const notifier = useNotifier();
  const save = useSaveFavoriteFilter(table);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (): void => {
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(messages.favoriteFilterNameRequired);
      return;
    }
    setError(null);
    save.mutate(
      { params: { table }, body: { name: trimmed, filters: [...filters] } },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            setError(answer.msg ?? messages.operationFailed);
            return;
          }
          notifier.success(answer.msg ?? messages.favoriteFilterSaved);
          onDone();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <form
      className="favorite-save-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormGroup
        label={uiTexts.favoriteFilterName}
        labelFor="favorite-name"
        intent={error ? 'danger' : 'none'}
        helperText={error ? <span data-testid="favorite-name-error">{error}</span> : undefined}
        className="favorite-save-group"
      >
        <InputGroup
          id="favorite-name"
          autoFocus
          value={name}
          maxLength={100}
          intent={error ? 'danger' : 'none'}
          onValueChange={(text) => {
            setName(text);
            if (error) setError(null);
          }}
          autoComplete="off"
          data-testid="favorite-name"
        />
      </FormGroup>
      <div className="favorite-save-actions">
        <Button size="small" text={messages.cancel} onClick={onDone} data-testid="favorite-save-cancel" />
        <Button
          size="small"
          type="submit"
          intent="primary"
          icon="floppy-disk"
          text={messages.save}
          loading={save.isPending}
          data-testid="favorite-save-confirm"
        />
      </div>
    </form>
  );
}

/**
 * Saved favourite filters of the table (see docs/requirements.md#shell-lists-and-chat, #records-notes-and-settings favorite_filters): pick one to apply it, save the
 * filters in force under a name, remove one after a confirmation.
 */
export function FavoriteFilters({
  table,
  filters,
  onApply,
  isOpen,
  onOpenChange,
}: FavoriteFiltersProps): ReactNode {
  const notifier = useNotifier();
  const favorites = useFavoriteFilters(table);
  const remove = useRemoveFavoriteFilter(table);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<FavoriteFilter | null>(null);
  const items = favorites.data ?? [];

  let list: ReactNode;
  if (favorites.isPending) {
    list = (
      <li className="favorite-filters-state">
        <Spinner size={16} />
      </li>
    );
  } else if (favorites.isError) {
    list = <MenuItem disabled icon="error" text={uiTexts.favoriteFiltersLoadFailed} />;
  } else if (items.length === 0) {
    list = <MenuItem disabled text={uiTexts.favoriteFiltersEmpty} data-testid="favorite-empty" />;
  } else {
    list = items.map((favorite) => (
      <MenuItem
        key={favorite.id}
        icon="star"
        text={favorite.name}
        title={favorite.name}
        onClick={() => {
          onApply(parseFilters(favorite.filters));
          onOpenChange(false);
        }}
        labelElement={
          <Button
            variant="minimal"
            size="small"
            icon="trash"
            title={uiTexts.removeFavoriteFilter}
            aria-label={uiTexts.removeFavoriteFilter}
            onClick={(event) => {
              // The row itself applies the favourite; this button only asks to remove it.
              event.stopPropagation();
              onOpenChange(false);
              setRemoving(favorite);
            }}
            data-testid={`favorite-remove-${favorite.name}`}
          />
        }
        data-testid={`favorite-item-${favorite.name}`}
      />
    ));
  }

  const content = (
    <div className="favorite-filters" data-testid="favorite-filters">
      <Menu size="small" className="favorite-filters-menu">
        {list}
        <MenuDivider />
      </Menu>
      {saving ? (
        <SaveFavoriteForm table={table} filters={filters} onDone={() => setSaving(false)} />
      ) : (
        <div className="favorite-save-row">
          <Button
            size="small"
            variant="minimal"
            icon="add"
            text={uiTexts.saveFavoriteFilter}
            disabled={filters.length === 0}
            title={filters.length === 0 ? uiTexts.favoriteFilterNeedsFilters : undefined}
            onClick={() => setSaving(true)}
            data-testid="favorite-save"
          />
        </div>
      )}
    </div>
  );

  return (
    <>
      <PopoverNext
        content={content}
        isOpen={isOpen}
        onInteraction={(next) => {
          onOpenChange(next);
          if (!next) setSaving(false);
        }}
        placement="bottom-start"
      >
        <Button
          icon="star"
          endIcon="caret-down"
          text={uiTexts.favoriteFilters}
          active={isOpen}
          data-testid="open-favorites"
        >
          {items.length > 0 ? (
            <Tag minimal round className="toolbar-count">
              {items.length}
            </Tag>
          ) : null}
        </Button>
      </PopoverNext>
      <Alert
        isOpen={removing !== null}
        intent="danger"
        icon="trash"
        confirmButtonText={messages.delete}
        cancelButtonText={messages.cancel}
        loading={remove.isPending}
        canEscapeKeyCancel
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { params: { id: removing.id } },
            {
              onSuccess: (answer) => {
                if (answer.success) notifier.success(answer.msg || messages.favoriteFilterRemoved);
                else notifier.danger(messages.operationFailed, answer.msg);
                setRemoving(null);
              },
              onError: (failure) => {
                notifier.danger(messages.operationFailed, failure.message);
                setRemoving(null);
              },
            },
          );
        }}
      >
        <p data-testid="favorite-remove-confirm-text">{messages.favoriteFilterDeleteConfirm}</p>
        {removing ? <p className={Classes.TEXT_MUTED}>{removing.name}</p> : null}
      </Alert>
    </>
  );
}
