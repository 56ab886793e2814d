import { Button, Icon, InputGroup, NonIdealState, PopoverNext, TextArea } from '@blueprintjs/core';
import { useMemo, useState, type ReactNode } from 'react';
import { format } from '../../../../shared/i18n/messages';
import { componentTexts } from '../../i18n/component-texts';
import { uiTexts } from '../../i18n/ui-texts';
import { maskHidden } from '../field-renderers/component-values';
import { prettyJson } from '../field-renderers/value-details';
import { checkJson, emptyToNull, singleValue } from './editor-values';
import { ICON_NAMES, isIconName, searchIcons } from './icon-names';
import type { FieldEditorProps } from './types';

const testIdOf = (testId: string | undefined, part: string): string | undefined =>
  testId ? `${testId}-${part}` : undefined;

/**
 * json: a code box that says when the text does not parse (invalid JSON is still passed up: the person
 * is mid-typing; the server refuses it on save) and formats valid JSON on request.
 */
export function JsonEditor({
  value,
  onChange,
  autoFocus,
  testId,
  disabled,
  field,
}: FieldEditorProps): ReactNode {
  const text = singleValue(value);
  const check = checkJson(text);
  const canFormat = check.valid && text.trim() !== '';
  return (
    <div className="field-editor-json">
      <TextArea
        fill
        autoResize
        rows={4}
        className="field-editor-code"
        intent={check.valid ? 'none' : 'danger'}
        value={text}
        onChange={(event) => onChange(emptyToNull(event.currentTarget.value))}
        autoFocus={autoFocus}
        disabled={disabled}
        spellCheck={false}
        aria-label={field.display_name}
        aria-invalid={!check.valid}
        data-testid={testId}
      />
      <div className="field-editor-json-bar">
        {check.valid ? (
          <span />
        ) : (
          <div className="field-editor-error" role="alert" data-testid={testIdOf(testId, 'error')}>
            {uiTexts.invalidJson}
          </div>
        )}
        <Button
          variant="minimal"
          size="small"
          icon="align-left"
          text={componentTexts.formatJson}
          disabled={disabled || !canFormat}
          onClick={() => onChange(prettyJson(JSON.parse(text) as unknown))}
          data-testid={testIdOf(testId, 'format')}
        />
      </div>
    </div>
  );
}

type IconGridProps = { onPick: (name: string) => void; testId: string | undefined };

function IconGrid({ onPick, testId }: IconGridProps): ReactNode {
  const [query, setQuery] = useState('');
  const found = useMemo(() => searchIcons(query), [query]);
  return (
    <div className="field-editor-icon-panel">
      <InputGroup
        leftIcon="search"
        value={query}
        onValueChange={setQuery}
        placeholder={componentTexts.searchIcon}
        autoFocus
        autoComplete="off"
        aria-label={componentTexts.searchIcon}
        data-testid={testIdOf(testId, 'icon-search')}
      />
      {found.length === 0 ? (
        <NonIdealState icon="search" description={componentTexts.noIconMatch} />
      ) : (
        <div className="field-editor-icon-grid" role="listbox" aria-label={componentTexts.pickIcon}>
          {found.map((name) => (
            <Button
              key={name}
              variant="minimal"
              icon={name}
              title={name}
              aria-label={name}
              role="option"
              onClick={() => onPick(name)}
              data-testid={testIdOf(testId, `icon-${name}`)}
            />
          ))}
        </div>
      )}
      <div className="field-editor-icon-count">
        {format(componentTexts.iconCount, { shown: found.length, total: ICON_NAMES.length })}
      </div>
    </div>
  );
}

/** icon: a Blueprint icon name, shown as the icon, typed or picked from a searchable grid. */
export function IconPickerEditor({
  value,
  onChange,
  autoFocus,
  testId,
  disabled,
  field,
}: FieldEditorProps): ReactNode {
  const [open, setOpen] = useState(false);
  const raw = singleValue(value);
  return (
    <InputGroup
      value={raw}
      onValueChange={(text) => onChange(emptyToNull(text.trim()))}
      leftElement={
        <span className="field-editor-icon-preview" data-testid={testIdOf(testId, 'preview')}>
          <Icon icon={isIconName(raw) ? raw : 'blank'} size={14} />
        </span>
      }
      rightElement={
        <PopoverNext
          isOpen={open}
          onClose={() => setOpen(false)}
          placement="bottom-end"
          content={
            <IconGrid
              testId={testId}
              onPick={(name) => {
                onChange(name);
                setOpen(false);
              }}
            />
          }
        >
          <Button
            variant="minimal"
            icon="grid-view"
            title={componentTexts.pickIcon}
            aria-label={componentTexts.pickIcon}
            disabled={disabled}
            onClick={() => setOpen((current) => !current)}
            data-testid={testIdOf(testId, 'pick')}
          />
        </PopoverNext>
      }
      intent={raw === '' || isIconName(raw) ? 'none' : 'warning'}
      autoFocus={autoFocus}
      disabled={disabled}
      placeholder="home"
      autoComplete="off"
      aria-label={field.display_name}
      data-testid={testId}
    />
  );
}

/**
 * clickShow in a form: a stored value starts masked, as in the list, and becomes an ordinary input once
 * shown; an empty one (a new record) is an input at once.
 */
export function ClickShowEditor({
  value,
  onChange,
  autoFocus,
  testId,
  disabled,
  placeholder,
  field,
}: FieldEditorProps): ReactNode {
  const raw = singleValue(value);
  const [shown, setShown] = useState(raw === '');
  if (!shown) {
    return (
      <InputGroup
        readOnly
        value={maskHidden(raw)}
        className="field-editor-readonly"
        aria-label={`${field.display_name}: ${componentTexts.clickToShow}`}
        rightElement={
          <Button
            variant="minimal"
            icon="eye-open"
            text={componentTexts.showValue}
            onClick={() => setShown(true)}
            data-testid={testIdOf(testId, 'show')}
          />
        }
        data-testid={testId}
        data-shown="false"
      />
    );
  }
  return (
    <InputGroup
      value={raw}
      onValueChange={(text) => onChange(emptyToNull(text))}
      autoFocus={autoFocus}
      disabled={disabled}
      placeholder={placeholder}
      autoComplete="off"
      aria-label={field.display_name}
      rightElement={
        raw === '' ? undefined : (
          <Button
            variant="minimal"
            icon="eye-off"
            title={componentTexts.hideValue}
            aria-label={componentTexts.hideValue}
            onClick={() => setShown(false)}
            data-testid={testIdOf(testId, 'hide')}
          />
        )
      }
      data-testid={testId}
      data-shown="true"
    />
  );
}
