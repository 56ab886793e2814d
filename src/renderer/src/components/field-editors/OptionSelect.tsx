import { Button, InputGroup, Menu, MenuDivider, MenuItem, PopoverNext, Spinner } from '@blueprintjs/core';
import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { OptionItem } from '../../../../shared/contract';
import { format } from '../../../../shared/i18n/messages';
import { normalizeSearchText } from '../../../../shared/domain';
import { uiTexts } from '../../i18n/ui-texts';

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
};

/** Long option lists (agents, countries) would make the popover slow and useless; searching narrows them. */
const MAX_VISIBLE = 200;

export function filterOptions(options: readonly OptionItem[], query: string): OptionItem[] {
  const needle = normalizeSearchText(query);
  if (needle === '') return [...options];
  return options.filter((option) => normalizeSearchText(option.label).includes(needle));
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
}: OptionSelectProps): ReactNode {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const visible = useMemo(() => filterOptions(options, query).slice(0, MAX_VISIBLE), [options, query]);
  const selected = useMemo(() => new Set(value), [value]);

  const pick = (option: OptionItem): void => {
    const key = String(option.value);
    if (multiple) {
      onChange(selected.has(key) ? value.filter((item) => item !== key) : [...value, key]);
      return;
    }
    onChange([key]);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(visible.length - 1, index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(0, index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = visible[active];
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
                if (!multiple) setOpen(false);
              }}
              shouldDismissPopover={false}
            />
            <MenuDivider />
          </>
        ) : null}
        {loading ? (
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
                active={index === active}
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
    >
      <Button
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
