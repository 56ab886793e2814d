import { Icon, InputGroup, Spinner } from '@blueprintjs/core';
import {
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { SearchResult } from '../../../../shared/contract';
import { SEARCH_PANEL_HIDE_MS, formatDateTimeTr } from '../../../../shared/domain';
import { format, messages } from '../../../../shared/i18n/messages';
import { callCrm } from '../../api/use-crm-call';
import { useBridge } from '../../bridge/bridge-context';
import { shellTexts } from '../../i18n/shell-texts';
import { findShellAction, type ShellActionContext } from '../actions';
import {
  SEARCH_DEBOUNCE_MS,
  cleanKeyword,
  leadDetailPath,
  leadsListByName,
  searchKind,
} from './search-keyword';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { useLeadSearch } from './use-lead-search';

export type SearchBoxHandle = {
  /** Ctrl+K and the desktop's global shortcut: focus the box, select what is typed, reopen its hits. */
  focus: () => void;
};

export type SearchBoxProps = { ref?: Ref<SearchBoxHandle> };

type SearchResultItemProps = {
  result: SearchResult;
  id: string;
  active: boolean;
  /** Scroll the item into view when it becomes active (keyboard), not when the pointer chose it. */
  scrollWhenActive: boolean;
  onPointerMove: (x: number, y: number) => void;
  onOpen: () => void;
  onDetailLink: () => void;
};

function SearchResultItem({
  result,
  id,
  active,
  scrollWhenActive,
  onPointerMove,
  onOpen,
  onDetailLink,
}: SearchResultItemProps): ReactNode {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (active && scrollWhenActive) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active, scrollWhenActive]);
  return (
    <li
      ref={ref}
      id={id}
      role="option"
      aria-selected={active}
      className={`search-result${active ? ' is-active' : ''}`}
      onMouseMove={(event) => onPointerMove(event.screenX, event.screenY)}
      // Keep the focus in the box: a click must not blur it (which would close the panel first).
      onMouseDown={(event) => event.preventDefault()}
      onClick={onOpen}
      data-testid="search-result"
      data-lead-id={result.id}
    >
      <div className="search-result-head">
        <span className="search-result-name">
          {result.name || format(messages.leadRef, { id: result.id })}
        </span>
        <span className="search-result-id">#{result.id}</span>
        {result.phone ? <span className="search-result-phone">{result.phone}</span> : null}
        <Link
          to={leadDetailPath(result.id)}
          className="search-result-detail"
          onClick={(event) => {
            // The row's own click would navigate a second time.
            event.stopPropagation();
            onDetailLink();
          }}
          data-testid="search-result-detail"
        >
          {messages.detail}
        </Link>
      </div>
      <div className="search-result-agent">
        <Icon icon="person" size={12} />
        <span>{result.agent_name ?? shellTexts.searchNoAgent}</span>
      </div>
      {result.last_notes.length > 0 ? (
        <ul className="search-result-notes">
          {result.last_notes.map((note, index) => (
            <li key={`${note.created_at}-${index}`} className="search-result-note">
              <span className="search-result-note-meta">
                {formatDateTimeTr(note.created_at)}
                {note.agent_name ? ` · ${note.agent_name}` : ''}
              </span>
              <span className="search-result-note-body" title={note.body}>
                {note.body}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <div className="search-result-no-notes">{shellTexts.searchNoNotes}</div>
      )}
    </li>
  );
}

/**
 * The top bar's lead search (see docs/requirements.md#shell-lists-and-chat): typing opens an overlay of hits with name, agent, a Detay link
 * and the last notes; arrows move, Enter opens the lead or, with nothing highlighted, the leads list
 * filtered by name; Esc closes. Once the box is emptied the panel lingers SEARCH_PANEL_HIDE_MS (see docs/requirements.md#constants-and-limits).
 */
export function SearchBox({ ref }: SearchBoxProps): ReactNode {
  const navigate = useNavigate();
  const bridge = useBridge();
  const inputRef = useRef<HTMLInputElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const [activeBy, setActiveBy] = useState<'keyboard' | 'pointer'>('keyboard');
  // The overlay can open under a resting pointer, and the browser then reports "moves" without any
  // movement; only a real change of position may take the highlight from the keyboard.
  const lastPointer = useRef<{ x: number; y: number } | null>(null);

  const typed = cleanKeyword(value);
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  // The last keyword searched. It survives emptying the box so the panel fades out with its hits.
  const [keyword, setKeyword] = useState('');
  if (debounced !== '' && debounced !== keyword) {
    setKeyword(debounced);
    setActive(null);
  }

  const search = useLeadSearch(keyword);
  const results = search.data?.results ?? [];
  const settled = typed === keyword && !search.isPlaceholderData && !search.isFetching;
  const panelVisible = open && keyword !== '';

  // docs/requirements.md#constants-and-limits: the panel hides 5 s after the value is emptied.
  const emptied = typed === '';
  useEffect(() => {
    if (!open || !emptied) return undefined;
    const timer = window.setTimeout(() => setOpen(false), SEARCH_PANEL_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [open, emptied]);

  // A click anywhere else closes the panel (the typed text stays).
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent): void => {
      if (event.target instanceof Node && wrapperRef.current?.contains(event.target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const focus = (): void => {
    const input = inputRef.current;
    if (!input) return;
    input.focus();
    input.select();
    if (cleanKeyword(input.value) !== '') setOpen(true);
  };
  useImperativeHandle(ref, () => ({ focus }));

  /** Leaves the search after a choice: the box is emptied and the panel closed at once. */
  const finish = (): void => {
    setOpen(false);
    setValue('');
    setActive(null);
    inputRef.current?.blur();
  };

  const openLead = (leadId: number): void => {
    finish();
    void navigate(leadDetailPath(leadId));
  };

  const context: ShellActionContext = {
    searchOpen: panelVisible,
    resultCount: results.length,
    activeResult: active,
    focusSearch: focus,
    closeSearch: () => setOpen(false),
    highlightResult: (index) => {
      setActiveBy('keyboard');
      setActive(index);
    },
    openResult: (index) => {
      const result = results[index];
      if (result) openLead(result.id);
    },
    submitSearch: () => {
      if (typed === '') return;
      // Exactly one match opens that lead (docs/user-guide.md#kayitlari-acmak); more, or none, the list.
      if (settled) {
        const only = results.length === 1 ? results[0] : undefined;
        if (only) openLead(only.id);
        else {
          finish();
          void navigate(leadsListByName(typed));
        }
        return;
      }
      // Enter before the hits arrived: ask once more for this very text, then decide.
      const input = { body: { keyword: typed } };
      const asked =
        searchKind(typed) === 'phone'
          ? callCrm(bridge, 'searchPhone', input)
          : callCrm(bridge, 'search', input);
      finish();
      asked.then(
        (answer) => {
          const only = answer.results.length === 1 ? answer.results[0] : undefined;
          void navigate(only ? leadDetailPath(only.id) : leadsListByName(typed));
        },
        () => void navigate(leadsListByName(typed)),
      );
    },
    navigate: (path) => void navigate(path),
    goBack: () => void navigate(-1),
    openNotifications: () => undefined,
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    // IME composition (e.g. a Turkish dead key being built) owns Enter and the arrows.
    if (event.nativeEvent.isComposing) return;
    const action = findShellAction(event.nativeEvent, 'search', context);
    if (!action) return;
    event.preventDefault();
    // The window's own Ctrl+K handler must not run a second time for the same press.
    event.stopPropagation();
    action.perform(context);
  };

  const activeId = active !== null && panelVisible ? `${listId}-${active}` : undefined;
  const kind = searchKind(keyword);

  return (
    <div className="search-box" ref={wrapperRef}>
      <InputGroup
        inputRef={inputRef}
        type="text"
        leftIcon="search"
        placeholder={messages.searchPlaceholder}
        value={value}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setValue(next);
          if (cleanKeyword(next) !== '') setOpen(true);
        }}
        onFocus={() => {
          if (typed !== '') setOpen(true);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label={messages.search}
        aria-expanded={panelVisible}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        data-testid="search-input"
      />
      {panelVisible ? (
        <div className="search-overlay" data-testid="search-overlay" data-settled={settled ? '1' : '0'}>
          <div className="search-overlay-head">
            <Icon icon={kind === 'phone' ? 'phone' : 'person'} size={12} />
            <span>{kind === 'phone' ? shellTexts.searchByPhone : shellTexts.searchByName}</span>
            <span className="search-overlay-keyword">“{keyword}”</span>
            {search.isFetching || typed !== debounced ? <Spinner size={14} /> : null}
          </div>
          {search.isError ? (
            <div className="search-overlay-state search-overlay-error" role="alert">
              {shellTexts.searchFailed}: {search.error.message}
            </div>
          ) : search.isPending ? (
            <div className="search-overlay-state">{messages.loading}</div>
          ) : results.length === 0 ? (
            <div className="search-overlay-state" data-testid="search-empty">
              {messages.noResults}
            </div>
          ) : (
            <ul className="search-results" id={listId} role="listbox" aria-label={messages.search}>
              {results.map((result, index) => (
                <SearchResultItem
                  key={result.id}
                  id={`${listId}-${index}`}
                  result={result}
                  active={index === active}
                  scrollWhenActive={activeBy === 'keyboard'}
                  onPointerMove={(x, y) => {
                    const last = lastPointer.current;
                    lastPointer.current = { x, y };
                    if (last === null || (last.x === x && last.y === y) || index === active) return;
                    setActiveBy('pointer');
                    setActive(index);
                  }}
                  onOpen={() => openLead(result.id)}
                  onDetailLink={finish}
                />
              ))}
            </ul>
          )}
          <div className="search-overlay-foot">
            {typed !== '' ? (
              <Link
                to={leadsListByName(typed)}
                onClick={finish}
                className="search-overlay-list-link"
                data-testid="search-submit"
              >
                {format(shellTexts.searchShowInList, { keyword: typed })}
              </Link>
            ) : (
              <span />
            )}
            <span className="search-overlay-hint">{shellTexts.searchHint}</span>
          </div>
        </div>
      ) : null}
    </div>
  );
}
