import { Button } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { messages } from '../../../../shared/i18n/messages';
import { shellTexts } from '../../i18n/shell-texts';
import { useAddFavorite, useFavorites, useRemoveFavorite } from './use-favorites';

export type FavoriteToggleProps = {
  /** The page as a favourite stores it (path and query of the hash route). */
  url: string;
  title: string;
};

/** The top bar's star: adds the current page to Favoriler, or removes it when it is already there. */
export function FavoriteToggle({ url, title }: FavoriteToggleProps): ReactNode {
  const favorites = useFavorites();
  const add = useAddFavorite();
  const remove = useRemoveFavorite();
  const existing = favorites.data?.results.find((favorite) => favorite.url === url);
  const label = existing ? shellTexts.removeFavorite : messages.addFavorite;
  return (
    <Button
      variant="minimal"
      icon={existing ? 'star' : 'star-empty'}
      intent={existing ? 'warning' : 'none'}
      title={label}
      aria-label={label}
      aria-pressed={existing !== undefined}
      loading={add.isPending || remove.isPending}
      // Until the list is known the star cannot tell add from remove.
      disabled={!favorites.isSuccess}
      onClick={() => {
        if (existing) remove.mutate({ params: { id: existing.id } });
        else add.mutate({ body: { title, url } });
      }}
      data-testid="fav-toggle"
      data-favorite={existing ? '1' : '0'}
    />
  );
}
