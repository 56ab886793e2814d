import { Button, Card, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { messages } from '../../../shared/i18n/messages';
import './question-list-editor.css';

/** What every question of a builder has; each builder adds its own parts (answers, options, a field). */
export interface QuestionBase<Type extends string> {
  text: string;
  type: Type;
}

export interface QuestionListTexts {
  name: string;
  question: string;
  type: string;
  removeQuestion: string;
  addQuestion: string;
  save: string;
}

export interface QuestionListEditorProps<Type extends string, Question extends QuestionBase<Type>> {
  /** Prefix of every test id (`{prefix}-name`, `{prefix}-question-text-{i}`, `{prefix}-save` ...). */
  testIdPrefix: string;
  texts: QuestionListTexts;
  name: string;
  onNameChange: (name: string) => void;
  questions: readonly Question[];
  onQuestionsChange: (questions: Question[]) => void;
  /** The question types in the select, in order, with their labels. */
  types: readonly { value: Type; label: string }[];
  blankQuestion: () => Question;
  questionMaxLength?: number;
  /** The part under a question's head that depends on its type. */
  renderBody: (question: Question, index: number, update: (patch: Partial<Question>) => void) => ReactNode;
  saving: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}

/**
 * The name-and-questions form that the offer builder (/bids) and the survey builder (/quizbuilder) share:
 * a name, numbered questions with a text, a type and a remove button, a type-specific body, and the add,
 * cancel and save row. Each builder keeps its own validation and what it sends.
 */
export function QuestionListEditor<Type extends string, Question extends QuestionBase<Type>>(
  props: QuestionListEditorProps<Type, Question>,
): ReactNode {
  const { testIdPrefix: id, texts, questions, onQuestionsChange } = props;
  const change = (index: number, next: (question: Question) => Question): void =>
    onQuestionsChange(questions.map((q, i) => (i === index ? next(q) : q)));
  const typeOf = (value: string, current: Type): Type =>
    props.types.find((type) => type.value === value)?.value ?? current;

  return (
    <Card className="question-list-editor" data-testid={`${id}-editor`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        <FormGroup label={texts.name} labelFor={`${id}-name`}>
          <InputGroup
            id={`${id}-name`}
            value={props.name}
            onValueChange={props.onNameChange}
            maxLength={200}
            data-testid={`${id}-name`}
          />
        </FormGroup>
        {questions.map((question, index) => (
          <Card compact key={index} className="question-list-item" data-testid={`${id}-question-${index}`}>
            <div className="question-list-head">
              <span className="question-list-number">{index + 1}.</span>
              <InputGroup
                className="question-list-text"
                value={question.text}
                onValueChange={(text) => change(index, (q) => ({ ...q, text }))}
                placeholder={texts.question}
                aria-label={texts.question}
                maxLength={props.questionMaxLength ?? 500}
                data-testid={`${id}-question-text-${index}`}
              />
              <HTMLSelect
                value={question.type}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  change(index, (q) => ({ ...q, type: typeOf(value, q.type) }));
                }}
                aria-label={texts.type}
                data-testid={`${id}-question-type-${index}`}
              >
                {props.types.map((type) => (
                  <option key={type.value} value={type.value}>
                    {type.label}
                  </option>
                ))}
              </HTMLSelect>
              <Button
                variant="minimal"
                intent="danger"
                icon="trash"
                aria-label={texts.removeQuestion}
                title={texts.removeQuestion}
                disabled={questions.length === 1}
                onClick={() => onQuestionsChange(questions.filter((_, i) => i !== index))}
              />
            </div>
            {props.renderBody(question, index, (patch) => change(index, (q) => ({ ...q, ...patch })))}
          </Card>
        ))}
        <div className="question-list-actions">
          <Button
            icon="add"
            text={texts.addQuestion}
            onClick={() => onQuestionsChange([...questions, props.blankQuestion()])}
            data-testid={`${id}-add-question`}
          />
          <span className="question-list-spacer" />
          <Button text={messages.cancel} onClick={props.onCancel} />
          <Button
            type="submit"
            intent="primary"
            icon="floppy-disk"
            text={texts.save}
            loading={props.saving}
            data-testid={`${id}-save`}
          />
        </div>
      </form>
    </Card>
  );
}
