import {
  Button,
  Card,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLSelect,
  InputGroup,
  Tag,
} from '@blueprintjs/core';
import { useState, type DragEvent, type ReactNode } from 'react';
import type { DetailSection, FieldMeta } from '../../../../shared/contract';
import { format, messages } from '../../../../shared/i18n/messages';
import { uiTexts } from '../../i18n/ui-texts';
import {
  addSection,
  draftFrom,
  moveField,
  removeSection,
  renameSection,
  savedSections,
  shiftSection,
  unplacedFields,
  type DraftSection,
} from './detail-layout-draft';
import './detail-layout.css';

/** The drag's payload type: a field name of this editor (other drags are ignored). */
const FIELD_DRAG = 'application/x-crm-field';
/** The select's value for "not placed". */
const UNPLACED = '';

type FieldChipProps = {
  field: FieldMeta;
  sections: readonly DraftSection[];
  sectionKey: string | null;
  onMove: (name: string, toKey: string | null, before: string | null) => void;
};

/** A field: dragged onto a section (or onto another field to go before it), or moved with its select. */
function FieldChip({ field, sections, sectionKey, onMove }: FieldChipProps): ReactNode {
  return (
    <div
      className="layout-field"
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(FIELD_DRAG, field.name);
        event.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(FIELD_DRAG)) event.preventDefault();
      }}
      onDrop={(event) => {
        const name = event.dataTransfer.getData(FIELD_DRAG);
        if (name === '') return;
        event.preventDefault();
        event.stopPropagation();
        onMove(name, sectionKey, field.name);
      }}
      data-testid={`layout-field-${field.name}`}
    >
      <span className="layout-field-grip" aria-hidden="true">
        ⋮⋮
      </span>
      <span className="layout-field-name">{field.display_name}</span>
      <HTMLSelect
        minimal
        value={sectionKey ?? UNPLACED}
        aria-label={format(uiTexts.layoutMoveTo, { field: field.display_name })}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onMove(field.name, value === UNPLACED ? null : value, null);
        }}
        options={[
          { value: UNPLACED, label: uiTexts.layoutUnplaced },
          ...sections.map((section, index) => ({
            value: section.key,
            label: section.title.trim() || format(uiTexts.layoutUntitled, { n: index + 1 }),
          })),
        ]}
        data-testid={`layout-move-${field.name}`}
      />
    </div>
  );
}

function dropHandlers(onDrop: (name: string) => void): {
  onDragOver: (event: DragEvent<HTMLDivElement>) => void;
  onDrop: (event: DragEvent<HTMLDivElement>) => void;
} {
  return {
    onDragOver: (event) => {
      if (event.dataTransfer.types.includes(FIELD_DRAG)) event.preventDefault();
    },
    onDrop: (event) => {
      const name = event.dataTransfer.getData(FIELD_DRAG);
      if (name === '') return;
      event.preventDefault();
      onDrop(name);
    },
  };
}

export type DetailLayoutEditorProps = {
  isOpen: boolean;
  tableLabel: string;
  /** The fields the user may read on this table, in the table's order. */
  fields: readonly FieldMeta[];
  saved: readonly DetailSection[] | null;
  saving: boolean;
  onSave: (sections: DetailSection[]) => void;
  onClose: () => void;
};

/**
 * The generic detail-page builder (see docs/requirements.md#lead-workspace-and-work-screens): the table's fields arranged into titled sections by
 * dragging, kept per table and user (POST /detail-layout/save). An empty layout is the fields' own
 * categories again.
 */
export function DetailLayoutEditor(props: DetailLayoutEditorProps): ReactNode {
  const { isOpen, onClose } = props;
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={format(uiTexts.layoutTitle, { table: props.tableLabel })}
      icon="layout-grid"
      className="layout-dialog"
    >
      {isOpen ? <EditorBody {...props} /> : null}
    </Dialog>
  );
}

function EditorBody({ fields, saved, saving, onSave, onClose }: DetailLayoutEditorProps): ReactNode {
  const [sections, setSections] = useState<DraftSection[]>(() => draftFrom(fields, saved));
  const byName = new Map(fields.map((field) => [field.name, field]));
  const move = (name: string, toKey: string | null, before: string | null): void =>
    setSections((current) => moveField(current, name, toKey, before));
  const unplaced = unplacedFields(fields, sections);
  const untitled = (n: number): string => format(uiTexts.layoutUntitled, { n });

  return (
    <>
      <DialogBody className="layout-body">
        <p className={Classes.TEXT_MUTED}>{uiTexts.layoutHint}</p>
        <div className="layout-columns">
          <Card
            className="layout-pool"
            compact
            {...dropHandlers((name) => move(name, null, null))}
            data-testid="layout-pool"
          >
            <h4 className="layout-heading">
              {uiTexts.layoutUnplaced}{' '}
              <Tag minimal round>
                {unplaced.length}
              </Tag>
            </h4>
            <p className={`layout-hint ${Classes.TEXT_MUTED}`}>{uiTexts.layoutUnplacedHint}</p>
            {unplaced.map((field) => (
              <FieldChip key={field.name} field={field} sections={sections} sectionKey={null} onMove={move} />
            ))}
          </Card>
          <div className="layout-sections">
            {sections.map((section, index) => (
              <Card
                key={section.key}
                className="layout-section"
                compact
                {...dropHandlers((name) => move(name, section.key, null))}
                data-testid="layout-section"
              >
                <div className="layout-section-head">
                  <InputGroup
                    value={section.title}
                    placeholder={untitled(index + 1)}
                    aria-label={uiTexts.layoutSectionTitle}
                    onChange={(event) => {
                      const title = event.currentTarget.value;
                      setSections((current) => renameSection(current, section.key, title));
                    }}
                    data-testid="layout-section-title"
                  />
                  <Button
                    icon="arrow-up"
                    variant="minimal"
                    disabled={index === 0}
                    aria-label={uiTexts.layoutMoveUp}
                    onClick={() => setSections((current) => shiftSection(current, section.key, -1))}
                  />
                  <Button
                    icon="arrow-down"
                    variant="minimal"
                    disabled={index === sections.length - 1}
                    aria-label={uiTexts.layoutMoveDown}
                    onClick={() => setSections((current) => shiftSection(current, section.key, 1))}
                  />
                  <Button
                    icon="trash"
                    variant="minimal"
                    intent="danger"
                    aria-label={uiTexts.layoutRemoveSection}
                    title={uiTexts.layoutRemoveSection}
                    onClick={() => setSections((current) => removeSection(current, section.key))}
                    data-testid="layout-section-remove"
                  />
                </div>
                {section.fields.length === 0 ? (
                  <div className={`layout-empty ${Classes.TEXT_MUTED}`}>{uiTexts.layoutEmptySection}</div>
                ) : (
                  section.fields.flatMap((name) => {
                    const field = byName.get(name);
                    return field
                      ? [
                          <FieldChip
                            key={name}
                            field={field}
                            sections={sections}
                            sectionKey={section.key}
                            onMove={move}
                          />,
                        ]
                      : [];
                  })
                )}
              </Card>
            ))}
            <Button
              icon="add"
              text={uiTexts.layoutAddSection}
              onClick={() => setSections((current) => addSection(current, uiTexts.layoutNewSection))}
              data-testid="layout-add-section"
            />
          </div>
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text={uiTexts.layoutReset}
              icon="reset"
              disabled={saving}
              onClick={() => onSave([])}
              data-testid="layout-reset"
            />
            <Button text={uiTexts.cancel} onClick={onClose} />
            <Button
              intent="primary"
              icon="floppy-disk"
              text={messages.save}
              loading={saving}
              onClick={() => onSave(savedSections(sections, untitled))}
              data-testid="layout-save"
            />
          </>
        }
      />
    </>
  );
}
