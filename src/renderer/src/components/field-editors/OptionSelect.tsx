import { Button, InputGroup, Menu, MenuDivider, MenuItem, PopoverNext, Spinner } from '@blueprintjs/core';
import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { AUTOCOMPLETE_MIN_OPTIONS, type OptionItem } from '../../../../shared/contract';
import { format } from '../../../../shared/i18n/messages';
import { normalizeSearchText } from '../../../../shared/domain';
import { useCrmQuery } from '../../api/use-crm-call';
import { uiTexts } from '../../i18n/ui-texts';
import { useDebouncedValue } from '../../ui/use-debounced-value';

export type OptionSelectProps = {
  options: readonly OptionItem[];
  /** Selected values as strings: cells and filters carry option values as text. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  multiple: boolean;
  loading?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
  placeholder?: string;
  testId?: string;
  /**
   * The field the options belong to: a list longer than AUTOCOMPLETE_MIN_OPTIONS is then searched on
   * the server (GET /autocomplete/{table}/{field}?q=), Turkish letters folded, instead of in the browser.
   */
  remote?: RemoteSearch | null;
};

export type RemoteSearch = { table: string; field: string };

/** Long option lists (agents, countries) would make the popover slow and useless; searching narrows them. */
const MAX_VISIBLE = 200;
/** Typing pauses this long before the server is asked. */
const REMOTE_DEBOUNCE_MS = 250;

export function filterOptions(options: readonly OptionItem[], query: string): OptionItem[] {
  const needle = normalizeSearchText(query);
  if (needle === '') return [...options];
  return options.filter((option) => normalizeSearchText(option.label).includes(needle));
}

/**
 * The options to offer for `query`: the loaded list filtered in the browser, or, for a long list with a
 * remote field, the server's matches (GET /autocomplete) once they have arrived for the text typed;
 * until then the local matches keep the list from going blank.
 */
function useVisibleOptions(
  options: readonly OptionItem[],
  query: string,
  remote: RemoteSearch | null | undefined,
): { visible: OptionItem[]; searching: boolean } {
  const local = useMemo(() => filterOptions(options, query).slice(0, MAX_VISIBLE), [options, query]);
  const typed = query.trim();
  const debounced = useDebouncedValue(typed, REMOTE_DEBOUNCE_MS);
  const useServer = remote !== null && remote !== undefined && options.length > AUTOCOMPLETE_MIN_OPTIONS;
  const found = useCrmQuery(
    'autocomplete',
    { params: { a: remote?.table ?? '', b: remote?.field ?? '', q: debounced } },
    { enabled: useServer && debounced !== '', staleTime: 30_000 },
  );
  if (!useServer || typed === '' || debounced !== typed || !found.data) {
    return { visible: local, searching: useServer && typed !== '' && !found.isError };
  }
  return { visible: found.data.options, searching: false };
}

/** The button's text: the chosen labels, or a count once they no longer fit. */
export function selectionLabel(options: readonly OptionItem[], value: readonly string[]): string {
  if (value.length === 0) return '';
  const labels = value.map(
    (selected) => options.find((option) => String(option.value) === selected)?.label ?? selected,
  );
  return labels.length > 2 ? format(uiTexts.selectedItems, { count: labels.length }) : labels.join(', ');
}

function Swatch({ option }: { option: OptionItem }): ReactNode {
  if (!option.background) return null;
  return <span className="option-swatch" style={{ background: option.background }} aria-hidden="true" />;
}

/**
 * A searchable select over an option list (Blueprint core has no Select without @blueprintjs/select).
 * Single choice closes on pick; multiple keeps the list open and ticks items.
 */
export function OptionSelect({
  options,
  value,
  onChange,
  multiple,
  loading = false,
  autoFocus = false,
  disabled = false,
  placeholder,
  testId,
  remote,
}: OptionSelectProps): ReactNode {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const { visible, searching } = useVisibleOptions(options, query, remote);
  // The server's answer may be shorter than the local matches the highlight was on.
  const activeIndex = Math.min(active, Math.max(0, visible.length - 1));
  const selected = useMemo(() => new Set(value), [value]);
  const buttonRef = useRef<HTMLButtonElement>(null);

  /**
   * Focus goes back to the button at once, not when the closing animation ends (Blueprint's default):
   * a user who picks and moves straight on to the next field would otherwise have the focus pulled
   * back mid-typing, and the text typed meanwhile would be lost.
   */
  const close = (): void => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const pick = (option: OptionItem): void => {
    const key = String(option.value);
    if (multiple) {
      onChange(selected.has(key) ? value.filter((item) => item !== key) : [...value, key]);
      return;
    }
    onChange([key]);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive(Math.min(visible.length - 1, activeIndex + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(Math.max(0, activeIndex - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = visible[activeIndex];
      if (option) pick(option);
    }
  };

  const label = selectionLabel(options, value);
  const single =
    !multiple && value.length === 1 ? options.find((o) => String(o.value) === value[0]) : undefined;

  const panel = (
    <div className="option-select-panel" data-testid={testId ? `${testId}-panel` : undefined}>
      <InputGroup
        autoFocus
        fill
        leftIcon="search"
        size="small"
        placeholder={uiTexts.searchOptions}
        value={query}
        onValueChange={(text) => {
          setQuery(text);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        rightElement={
          searching ? (
            <span
              className="option-select-searching"
              data-testid={testId ? `${testId}-searching` : undefined}
            >
              <Spinner size={12} />
            </span>
          ) : undefined
        }
        data-testid={testId ? `${testId}-search` : undefined}
      />
      <Menu className="option-select-menu" size="small">
        {value.length > 0 ? (
          <>
            <MenuItem
              icon="cross"
              text={uiTexts.clearSelection}
              onClick={() => {
                onChange([]);
                if (!multiple) close();
              }}
              shouldDismissPopover={false}
            />
            <MenuDivider />
          </>
        ) : null}
        {loading || (searching && visible.length === 0) ? (
          <li className="option-select-state">
            <Spinner size={14} />
          </li>
        ) : visible.length === 0 ? (
          <MenuItem disabled text={uiTexts.noOptions} />
        ) : (
          visible.map((option, index) => {
            const key = String(option.value);
            return (
              <MenuItem
                key={key}
                roleStructure="listoption"
                selected={selected.has(key)}
                active={index === activeIndex}
                text={option.label}
                labelElement={<Swatch option={option} />}
                shouldDismissPopover={!multiple}
                onClick={() => pick(option)}
                onMouseEnter={() => setActive(index)}
                data-testid={testId ? `${testId}-option-${key}` : undefined}
              />
            );
          })
        )}
      </Menu>
    </div>
  );

  return (
    <PopoverNext
      content={panel}
      isOpen={open && !disabled}
      onInteraction={(next) => {
        setOpen(next);
        if (next) {
          setQuery('');
          setActive(0);
        }
      }}
      placement="bottom-start"
      arrow={false}
      animation="minimal"
      matchTargetWidth
      fill
      autoFocus={false}
      shouldReturnFocusOnClose={false}
    >
      <Button
        ref={buttonRef}
        className="option-select-button"
        fill
        alignText="start"
        endIcon="caret-down"
        disabled={disabled}
        autoFocus={autoFocus}
        ellipsizeText
        icon={single?.background ? <Swatch option={single} /> : undefined}
        text={
          label === '' ? (
            <span className="option-select-placeholder">{placeholder ?? uiTexts.choose}</span>
          ) : (
            label
          )
        }
        data-testid={testId}
        data-value={value.join(',')}
      />
    </PopoverNext>
  );
}
