import {
  Button,
  Callout,
  Card,
  FormGroup,
  H5,
  NonIdealState,
  Spinner,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  QUESTION_TYPES,
  YES_NO_ANSWERS,
  type QuestionType,
  type SurveyDefinition,
} from '../../../../shared/contract/surveys';
import { format, messages } from '../../../../shared/i18n/messages';
import { useCrmMutation, useCrmQuery } from '../../api/use-crm-call';
import { useNotifier } from '../../ui/toaster';
import { workTexts } from '../../i18n/work-texts';
import { usePageTitle } from '../../shell/top-bar/top-bar-slot';
import { QuestionListEditor } from '../../ui/QuestionListEditor';
import './quizbuilder.css';

type QuestionDraft = { text: string; type: QuestionType; options: string };

const blankQuestion = (): QuestionDraft => ({ text: '', type: 'Girdi', options: '' });
const hasOptions = (type: QuestionType): boolean => type === 'Seçenek' || type === 'ÇokluSeçenek';
const optionsOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

type EditorProps = { survey: SurveyDefinition | null; onDone: () => void };

/** A survey: its name and questions of type Girdi, Seçenek, ÇokluSeçenek or Evet/Hayır (see docs/requirements.md#lead-workspace-and-work-screens). */
function SurveyEditor({ survey, onDone }: EditorProps): ReactNode {
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const [name, setName] = useState(survey?.name ?? '');
  const [questions, setQuestions] = useState<QuestionDraft[]>(
    survey
      ? survey.data.map((q) => ({
          text: q.text,
          type: q.type,
          options: hasOptions(q.type) ? q.answers.join('\n') : '',
        }))
      : [blankQuestion()],
  );
  const save = useCrmMutation('questionsSave');

  const submit = (): void => {
    if (name.trim() === '') return notifier.warning(messages.surveyNameRequired);
    if (questions.length === 0) return notifier.warning(messages.surveyQuestionsRequired);
    if (questions.some((q) => q.text.trim() === ''))
      return notifier.warning(messages.surveyQuestionTextRequired);
    const bad = questions.find((q) => hasOptions(q.type) && new Set(optionsOf(q.options)).size < 2);
    if (bad) return notifier.warning(format(messages.surveyOptionsRequired, { question: bad.text }));
    save.mutate(
      {
        body: {
          ...(survey ? { id: survey.id } : {}),
          name: name.trim(),
          data: questions.map((q) => ({
            text: q.text.trim(),
            type: q.type,
            answers: hasOptions(q.type)
              ? optionsOf(q.options)
              : q.type === 'Evet/Hayır'
                ? [...YES_NO_ANSWERS]
                : [],
          })),
        },
      },
      {
        onSuccess: (answer) => {
          notifier.success(answer.msg);
          void queryClient.invalidateQueries({ queryKey: ['crm', 'call', 'surveyList'] });
          void queryClient.invalidateQueries({ queryKey: ['crm', 'call', 'questions'] });
          onDone();
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
      },
    );
  };

  return (
    <QuestionListEditor
      testIdPrefix="quiz"
      texts={{
        name: workTexts.quizName,
        question: workTexts.quizQuestion,
        type: workTexts.quizType,
        removeQuestion: workTexts.quizRemoveQuestion,
        addQuestion: workTexts.quizAddQuestion,
        save: workTexts.quizSave,
      }}
      name={name}
      onNameChange={setName}
      questions={questions}
      onQuestionsChange={setQuestions}
      types={QUESTION_TYPES.map((type) => ({ value: type, label: type }))}
      blankQuestion={blankQuestion}
      renderBody={(question, index, update) =>
        hasOptions(question.type) ? (
          <FormGroup label={workTexts.quizOptions} className="work-quiz-options">
            <TextArea
              fill
              autoResize
              value={question.options}
              onChange={(event) => update({ options: event.currentTarget.value })}
              aria-label={workTexts.quizOptions}
              data-testid={`quiz-question-options-${index}`}
            />
          </FormGroup>
        ) : (
          <div className="work-muted work-quiz-hint">
            {question.type === 'Evet/Hayır' ? workTexts.quizYesNo : workTexts.quizTextAnswer}
          </div>
        )
      }
      saving={save.isPending}
      onSubmit={submit}
      onCancel={onDone}
    />
  );
}

/** /quizbuilder (see docs/requirements.md#lead-workspace-and-work-screens): surveys are built here and answered in the lead's anketler tab. */
export function QuizBuilderPage(): ReactNode {
  usePageTitle(workTexts.quizTitle);
  const surveys = useCrmQuery('surveyList', {});
  const [editing, setEditing] = useState<SurveyDefinition | 'new' | null>(null);
  const list = surveys.data?.results ?? [];

  return (
    <div className="page work-quiz-page" data-testid="quizbuilder-page">
      <div className="work-quiz-head">
        <Callout icon="info-sign" className="work-quiz-intro">
          {workTexts.quizIntro}
        </Callout>
        {editing === null ? (
          <Button
            intent="primary"
            icon="add"
            text={workTexts.quizNew}
            onClick={() => setEditing('new')}
            data-testid="quiz-new"
          />
        ) : null}
      </div>
      {editing !== null ? (
        <SurveyEditor
          key={editing === 'new' ? 'new' : editing.id}
          survey={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {surveys.isPending ? <Spinner size={24} /> : null}
      {surveys.isError ? (
        <Callout intent="danger" icon="error" title={workTexts.quizLoadFailed}>
          {surveys.error.message}
        </Callout>
      ) : null}
      {surveys.isSuccess && list.length === 0 && editing === null ? (
        <NonIdealState icon="form" description={workTexts.quizEmpty} />
      ) : null}
      <div className="work-quiz-list">
        {list.map((survey) => (
          <Card compact key={survey.id} className="work-quiz-card" data-testid={`quiz-survey-${survey.id}`}>
            <div className="work-quiz-card-head">
              <H5>{survey.name}</H5>
              <Tag minimal>{format(workTexts.quizQuestionCount, { count: survey.data.length })}</Tag>
            </div>
            <ol className="work-quiz-card-questions">
              {survey.data.map((question, index) => (
                <li key={index}>
                  {question.text} <span className="work-muted">({question.type})</span>
                </li>
              ))}
            </ol>
            <Button
              size="small"
              icon="edit"
              text={workTexts.quizEdit}
              onClick={() => setEditing(survey)}
              disabled={editing !== null}
            />
          </Card>
        ))}
      </div>
    </div>
  );
}
