import {
  Button,
  Callout,
  Card,
  Checkbox,
  ControlGroup,
  FormGroup,
  H5,
  HTMLSelect,
  InputGroup,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { BID_NAME_QUESTION, type BidTemplate } from '../../../../shared/contract/bids';
import { format, messages } from '../../../../shared/i18n/messages';
import { useFields } from '../../api/fields';
import { usePermissions } from '../../api/permissions';
import { useCrmMutation, useCrmQuery } from '../../api/use-crm-call';
import { useNotifier } from '../../ui/toaster';
import { workTexts } from '../../i18n/work-texts';
import { usePageTitle } from '../../shell/top-bar/top-bar-slot';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { QuestionListEditor } from '../../ui/QuestionListEditor';
import { readPrice } from '../../../../shared/domain/bid-total';
import { MoneyInput } from '../../ui/MoneyInput';
import {
  blankAnswer,
  blankQuestion,
  draftOf,
  priceProblem,
  questionsInput,
  type QuestionDraft,
} from './bid-draft';
import './bids.css';

/** The menu entry whose flags decide who builds templates (update) and removes them (delete). */
const SCREEN = 'bids';

type EditorProps = { template: BidTemplate | null; onDone: () => void };

const BID_QUESTION_TYPES = [
  { value: 'db', label: workTexts.bidTypeDb },
  { value: 'cat', label: workTexts.bidTypeCat },
] as const;

/** Name and questions: db (a lead field) or cat (answers with text, priceCalc and priceVal). */
function BidEditor({ template, onDone }: EditorProps): ReactNode {
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const fields = useFields('leads');
  const [name, setName] = useState(template?.name ?? '');
  const [questions, setQuestions] = useState<QuestionDraft[]>(
    template
      ? draftOf(template)
      : [{ text: BID_NAME_QUESTION, type: 'db', field: 'name', answers: [] }, blankQuestion()],
  );
  const save = useCrmMutation('bidsSave');
  const fieldIds = new Map((fields.data ?? []).map((field) => [field.name, field.id]));

  const submit = (): void => {
    if (name.trim() === '') return notifier.warning(messages.bidNameRequired);
    const badPrice = priceProblem(questions);
    if (badPrice !== null) return notifier.warning(badPrice);
    save.mutate(
      {
        body: {
          ...(template ? { id: template.id } : {}),
          name: name.trim(),
          questions: questionsInput(questions, fieldIds),
        },
      },
      {
        onSuccess: (answer) => {
          notifier.success(answer.msg);
          void queryClient.invalidateQueries({ queryKey: ['crm', 'call', 'bids'] });
          void queryClient.invalidateQueries({ queryKey: ['crm', 'call', 'bidPreview'] });
          onDone();
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
      },
    );
  };

  const renderBody = (
    question: QuestionDraft,
    qi: number,
    update: (patch: Partial<QuestionDraft>) => void,
  ): ReactNode => {
    const updateAnswer = (ai: number, patch: Partial<QuestionDraft['answers'][number]>): void =>
      update({ answers: question.answers.map((a, i) => (i === ai ? { ...a, ...patch } : a)) });
    if (question.type === 'db') {
      return (
        <FormGroup label={workTexts.bidField} className="work-bid-sub">
          <HTMLSelect
            value={question.field}
            onChange={(event) => update({ field: event.currentTarget.value })}
            data-testid={`bid-question-field-${qi}`}
          >
            <option value="">{workTexts.bidChoose}</option>
            {(fields.data ?? []).map((field) => (
              <option key={field.name} value={field.name}>
                {field.display_name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      );
    }
    return (
      <div className="work-bid-sub">
        {question.answers.map((answer, ai) => (
          <ControlGroup key={ai} className="work-bid-answer" data-testid={`bid-answer-${qi}-${ai}`}>
            <InputGroup
              className="work-bid-grow"
              value={answer.text}
              onValueChange={(text) => updateAnswer(ai, { text })}
              placeholder={workTexts.bidAnswer}
              aria-label={workTexts.bidAnswer}
              data-testid={`bid-answer-text-${qi}-${ai}`}
            />
            <Checkbox
              className="work-bid-calc"
              checked={answer.priceCalc}
              onChange={(event) => updateAnswer(ai, { priceCalc: event.currentTarget.checked })}
              label={workTexts.bidPriceCalc}
            />
            <MoneyInput
              className="work-bid-price-box"
              text={answer.priceVal}
              onText={(priceVal) => updateAnswer(ai, { priceVal })}
              reading={readPrice(answer.priceVal, question.text || workTexts.bidQuestion)}
              ariaLabel={workTexts.bidPriceVal}
              testId={`bid-answer-price-${qi}-${ai}`}
            />
            <Button
              variant="minimal"
              icon="cross"
              aria-label={workTexts.bidRemoveAnswer}
              title={workTexts.bidRemoveAnswer}
              disabled={question.answers.length === 1}
              onClick={() => update({ answers: question.answers.filter((_, i) => i !== ai) })}
            />
          </ControlGroup>
        ))}
        <Button
          size="small"
          variant="minimal"
          icon="add"
          text={workTexts.bidAddAnswer}
          onClick={() => update({ answers: [...question.answers, blankAnswer()] })}
          data-testid={`bid-add-answer-${qi}`}
        />
      </div>
    );
  };

  return (
    <QuestionListEditor
      testIdPrefix="bid"
      texts={{
        name: workTexts.bidName,
        question: workTexts.bidQuestion,
        type: workTexts.bidQuestionType,
        removeQuestion: workTexts.bidRemoveQuestion,
        addQuestion: workTexts.bidAddQuestion,
        save: workTexts.bidSave,
      }}
      name={name}
      onNameChange={setName}
      questions={questions}
      onQuestionsChange={setQuestions}
      types={BID_QUESTION_TYPES}
      blankQuestion={blankQuestion}
      renderBody={renderBody}
      saving={save.isPending}
      onSubmit={submit}
      onCancel={onDone}
    />
  );
}

/** Picks a lead and a template and opens /bids/{lead_id}/{id}. */
function PrepareOffer({ templates }: { templates: readonly BidTemplate[] }): ReactNode {
  const navigate = useNavigate();
  const notifier = useNotifier();
  const [leadText, setLeadText] = useState('');
  const [templateId, setTemplateId] = useState('');
  const open = (): void => {
    const lead = leadText.trim().replace(/^#?(lead)?/i, '');
    if (!/^[1-9]\d{0,9}$/.test(lead)) return notifier.warning(workTexts.leadIdInvalid);
    if (templateId === '') return notifier.warning(workTexts.bidChoose);
    void navigate(`/bids/${lead}/${templateId}`);
  };
  return (
    <Card compact className="work-bid-prepare">
      <H5>{workTexts.bidPreviewFor}</H5>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          open();
        }}
      >
        <ControlGroup>
          <InputGroup
            value={leadText}
            onValueChange={setLeadText}
            placeholder={workTexts.bidPreviewLead}
            aria-label={workTexts.bidPreviewLead}
            data-testid="bid-prepare-lead"
          />
          <HTMLSelect
            value={templateId}
            onChange={(event) => setTemplateId(event.currentTarget.value)}
            aria-label={workTexts.bidsTitle}
            data-testid="bid-prepare-template"
          >
            <option value="">{workTexts.bidChoose}</option>
            {templates.map((template) => (
              <option key={template.id} value={template.id}>
                {template.name}
              </option>
            ))}
          </HTMLSelect>
          <Button
            type="submit"
            intent="primary"
            icon="arrow-right"
            text={workTexts.bidPreviewOpen}
            data-testid="bid-prepare-open"
          />
        </ControlGroup>
      </form>
    </Card>
  );
}

/** /bids (see docs/requirements.md#lead-workspace-and-work-screens): the offer template builder, and the way to an offer for a lead. */
export function BidsPage(): ReactNode {
  usePageTitle(workTexts.bidsTitle);
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const entry = permissions.data?.tables.find((table) => table.table === SCREEN);
  const canEdit = entry?.update === 1;
  const canRemove = entry?.delete === 1;
  const templates = useCrmQuery('bids', {});
  const remove = useCrmMutation('bidRemove');
  const [editing, setEditing] = useState<BidTemplate | 'new' | null>(null);
  const [removing, setRemoving] = useState<BidTemplate | null>(null);
  const list = templates.data?.results ?? [];

  return (
    <div className="page work-bids-page" data-testid="bids-page">
      <div className="work-bids-top">
        <PrepareOffer templates={list} />
        {canEdit && editing === null ? (
          <Button
            intent="primary"
            icon="add"
            text={workTexts.bidNew}
            onClick={() => setEditing('new')}
            data-testid="bid-new"
          />
        ) : null}
      </div>
      {!canEdit && permissions.isSuccess ? <Callout icon="info-sign">{workTexts.bidReadOnly}</Callout> : null}
      {editing !== null ? (
        <BidEditor
          key={editing === 'new' ? 'new' : editing.id}
          template={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {templates.isPending ? <Spinner size={24} /> : null}
      {templates.isError ? (
        <Callout intent="danger" icon="error" title={workTexts.bidsLoadFailed}>
          {templates.error.message}
        </Callout>
      ) : null}
      {templates.isSuccess && list.length === 0 && editing === null ? (
        <NonIdealState icon="document" description={workTexts.bidsEmpty} />
      ) : null}
      <div className="work-bids-list">
        {list.map((template) => (
          <Card
            compact
            key={template.id}
            className="work-bid-card"
            data-testid={`bid-template-${template.id}`}
          >
            <div className="work-bid-card-head">
              <H5>{template.name}</H5>
              <Tag minimal>{format(workTexts.quizQuestionCount, { count: template.questions.length })}</Tag>
            </div>
            <ol className="work-bid-card-questions">
              {template.questions.map((question, index) => (
                <li key={index}>
                  {question.text} <span className="work-muted">({question.type})</span>
                </li>
              ))}
            </ol>
            <div className="work-bid-card-actions">
              {canEdit ? (
                <Button
                  size="small"
                  icon="edit"
                  text={workTexts.quizEdit}
                  disabled={editing !== null}
                  onClick={() => setEditing(template)}
                />
              ) : null}
              {canRemove ? (
                <Button
                  size="small"
                  variant="minimal"
                  intent="danger"
                  icon="trash"
                  text={workTexts.bidRemove}
                  onClick={() => setRemoving(template)}
                />
              ) : null}
            </div>
          </Card>
        ))}
      </div>
      <ConfirmDialog
        isOpen={removing !== null}
        message={format(workTexts.bidRemoveConfirm, { name: removing?.name ?? '' })}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { body: { id: removing.id } },
            {
              onSuccess: (answer) => {
                setRemoving(null);
                notifier.success(answer.msg);
                void queryClient.invalidateQueries({ queryKey: ['crm', 'call', 'bids'] });
              },
              onError: (error) => {
                setRemoving(null);
                notifier.danger(messages.operationFailed, error.message);
              },
            },
          )
        }
      />
    </div>
  );
}
