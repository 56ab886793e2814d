import { Button, Classes, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../../../../shared/i18n/messages';
import { shellTexts } from '../../i18n/shell-texts';
import { useFavorites, useRemoveFavorite } from '../favorites/use-favorites';
import { usePreferences } from '../preferences/preferences-context';
import { SidePanel } from './SidePanel';

/** docs/requirements.md#shell-lists-and-chat: collapsible Favoriler, each a link with a remove button; empty text when there are none. */
export function FavoritesPanel(): ReactNode {
  const { preferences, save } = usePreferences();
  const favorites = useFavorites();
  const remove = useRemoveFavorite();
  const items = favorites.data?.results ?? [];

  return (
    <SidePanel
      title={messages.favorites}
      open={preferences.favoriteShow}
      onToggle={(open) => save({ favoriteShow: open })}
      testId="favorites-panel"
      badge={items.length > 0 ? <span className="side-panel-count">{items.length}</span> : null}
    >
      {favorites.isPending ? (
        <Spinner size={16} />
      ) : favorites.isError ? (
        <p className="side-panel-empty">{shellTexts.favoritesLoadFailed}</p>
      ) : items.length === 0 ? (
        <p className="side-panel-empty" data-testid="favorites-empty">
          {messages.favoritesEmpty}
        </p>
      ) : (
        <ul className="side-panel-list">
          {items.map((favorite) => (
            <li key={favorite.id} className="side-panel-item" data-testid="favorite-page">
              <Link
                to={favorite.url}
                className={`side-panel-link ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}
                title={favorite.url}
              >
                {favorite.title}
              </Link>
              <Button
                variant="minimal"
                size="small"
                icon="small-cross"
                className="side-panel-remove"
                title={shellTexts.removeFavorite}
                aria-label={`${shellTexts.removeFavorite}: ${favorite.title}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate({ params: { id: favorite.id } })}
                data-testid="favorite-remove"
              />
            </li>
          ))}
        </ul>
      )}
    </SidePanel>
  );
}
