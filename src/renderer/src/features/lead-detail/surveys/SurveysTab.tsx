import {
  AnchorButton,
  Button,
  Checkbox,
  FormGroup,
  HTMLTable,
  NonIdealState,
  Radio,
  RadioGroup,
  TextArea,
} from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { QUESTION_TYPE, type Survey } from '../../../../../shared/contract/surveys';
import { SURVEY_RELOAD_DELAY_MS, formatDateTimeTr } from '../../../../../shared/domain';
import { format, messages } from '../../../../../shared/i18n/messages';
import { usePermissions } from '../../../api/permissions';
import { useCrmMutation, useCrmQuery } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import { uiTexts } from '../../../i18n/ui-texts';
import { TabState } from '../TabState';
import { leadCallInputs } from '../lead-queries';
import { answerText, initialAnswers, surveyAnswerInputs, type AnswerValue } from './survey-answers';

type SurveyView = { mode: 'list' } | { mode: 'answer'; survey: Survey } | { mode: 'view'; survey: Survey };

type QuestionInputProps = {
  index: number;
  question: Survey['data'][number];
  value: AnswerValue;
  onChange: (value: AnswerValue) => void;
  disabled: boolean;
};

/** One question, by its type: Girdi text, Seçenek one option, ÇokluSeçenek several, Evet/Hayır. */
function QuestionInput({ index, question, value, onChange, disabled }: QuestionInputProps): ReactNode {
  const testId = `survey-question-${index}`;
  switch (question.type) {
    case QUESTION_TYPE.input:
      return (
        <TextArea
          fill
          autoResize
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          disabled={disabled}
          maxLength={2000}
          data-testid={testId}
        />
      );
    case QUESTION_TYPE.multipleChoice: {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <div data-testid={testId}>
          {question.answers.map((option) => (
            <Checkbox
              key={option}
              label={option}
              checked={chosen.includes(option)}
              disabled={disabled}
              onChange={(event) =>
                onChange(
                  event.currentTarget.checked
                    ? [...chosen, option]
                    : chosen.filter((item) => item !== option),
                )
              }
            />
          ))}
        </div>
      );
    }
    case QUESTION_TYPE.choice:
    case QUESTION_TYPE.yesNo: {
      const options = question.type === QUESTION_TYPE.yesNo ? [messages.yes, messages.no] : question.answers;
      return (
        <RadioGroup
          selectedValue={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          disabled={disabled}
          inline={question.type === QUESTION_TYPE.yesNo}
          data-testid={testId}
        >
          {options.map((option) => (
            <Radio key={option} value={option} label={option} />
          ))}
        </RadioGroup>
      );
    }
  }
}

type AnswerFormProps = { leadId: number; survey: Survey; onBack: () => void };

/** Answering a survey; after a save the page reloads after 1 s (see docs/requirements.md#money-importer-and-lead-input). */
function AnswerForm({ leadId, survey, onBack }: AnswerFormProps): ReactNode {
  const notifier = useNotifier();
  const [values, setValues] = useState<AnswerValue[]>(() => initialAnswers(survey));
  const [saved, setSaved] = useState(false);
  const answerSet = useCrmMutation('answerSet');

  const submit = (): void => {
    answerSet.mutate(
      {
        params: { x: leadId },
        body: { question_id: survey.id, answers: surveyAnswerInputs(survey, values) },
      },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            notifier.danger(messages.operationFailed, answer.msg);
            return;
          }
          setSaved(true);
          notifier.success(answer.msg || messages.surveyAnswersSaved);
          window.setTimeout(() => window.location.reload(), SURVEY_RELOAD_DELAY_MS);
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
      },
    );
  };

  return (
    <form
      noValidate
      className="ld-survey-form"
      data-testid="survey-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="ld-survey-form-head">
        <Button
          icon="arrow-left"
          text={messages.back}
          variant="minimal"
          onClick={onBack}
          data-testid="survey-back"
        />
        <h3 className="ld-survey-title">{survey.name}</h3>
      </div>
      {survey.data.map((question, index) => (
        <FormGroup
          key={`${index}-${question.text}`}
          label={`${index + 1}. ${question.text}`}
          className="ld-survey-question"
        >
          <QuestionInput
            index={index}
            question={question}
            value={values[index] ?? ''}
            onChange={(value) =>
              setValues((current) => current.map((item, at) => (at === index ? value : item)))
            }
            disabled={saved}
          />
        </FormGroup>
      ))}
      <div className="record-form-actions">
        <Button
          type="submit"
          intent="primary"
          icon="tick"
          text={messages.save}
          loading={answerSet.isPending}
          disabled={saved}
          data-testid="survey-submit"
        />
      </div>
    </form>
  );
}

function AnswersView({ survey, onBack }: { survey: Survey; onBack: () => void }): ReactNode {
  const set = survey.answers;
  return (
    <div className="ld-survey-form" data-testid="survey-answers">
      <div className="ld-survey-form-head">
        <Button
          icon="arrow-left"
          text={messages.back}
          variant="minimal"
          onClick={onBack}
          data-testid="survey-back"
        />
        <h3 className="ld-survey-title">{survey.name}</h3>
        {set ? (
          <span className="ld-survey-answered-by">
            {[set.agent_name, formatDateTimeTr(set.created_at)].filter(Boolean).join(' · ')}
          </span>
        ) : null}
      </div>
      <dl className="ld-survey-answer-list">
        {(set?.answers ?? []).map((item, index) => (
          <div key={`${index}-${item.text}`} className="ld-survey-answer-item">
            <dt>{`${index + 1}. ${item.text}`}</dt>
            <dd>{answerText(item.value) || uiTexts.emptyValue}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export type SurveysTabProps = { leadId: number };

/**
 * Anketler (see docs/requirements.md#lead-workspace-and-work-screens): the surveys with 'Cevapları gör' when this lead has answered, else 'Cevapla';
 * the answer form and the answers view both go back to the table.
 */
export function SurveysTab({ leadId }: SurveysTabProps): ReactNode {
  const surveys = useCrmQuery('questions', leadCallInputs.surveys(leadId));
  const permissions = usePermissions();
  const [view, setView] = useState<SurveyView>({ mode: 'list' });
  const department = permissions.data?.me.department;
  // Building surveys is the managers' job (the server allows it to them only).
  const canBuild = department === 'admin' || department === 'sales_manager';
  const back = (): void => setView({ mode: 'list' });

  if (view.mode === 'answer') return <AnswerForm leadId={leadId} survey={view.survey} onBack={back} />;
  if (view.mode === 'view') return <AnswersView survey={view.survey} onBack={back} />;

  return (
    <div className="lead-tab-body" data-testid="surveys-tab">
      {canBuild ? (
        <div className="lead-tab-toolbar">
          <AnchorButton icon="add" variant="minimal" text={uiTexts.createSurvey} href="#/quizbuilder" />
        </div>
      ) : null}
      {surveys.data ? (
        surveys.data.results.length === 0 ? (
          <NonIdealState icon="form" description={uiTexts.noSurveys} className="lead-tab-empty" />
        ) : (
          <div className="lead-table-scroll">
            <HTMLTable compact striped className="lead-table" data-testid="survey-table">
              <thead>
                <tr>
                  <th>{uiTexts.surveyName}</th>
                  <th>{uiTexts.surveyAnsweredAt}</th>
                  <th aria-label={messages.detail} />
                </tr>
              </thead>
              <tbody>
                {surveys.data.results.map((survey) => (
                  <tr key={survey.id} data-testid="survey-row">
                    <td>
                      <div>{survey.name}</div>
                      <div className="lead-table-sub">
                        {format(uiTexts.surveyQuestionCount, { count: survey.data.length })}
                      </div>
                    </td>
                    <td>
                      {survey.answers ? formatDateTimeTr(survey.answers.created_at) : uiTexts.emptyValue}
                    </td>
                    <td className="lead-table-action">
                      {survey.answered ? (
                        <Button
                          size="small"
                          icon="eye-open"
                          text={messages.viewAnswers}
                          onClick={() => setView({ mode: 'view', survey })}
                          data-testid={`survey-view-${survey.id}`}
                        />
                      ) : (
                        <Button
                          size="small"
                          intent="primary"
                          icon="edit"
                          text={messages.answer}
                          onClick={() => setView({ mode: 'answer', survey })}
                          data-testid={`survey-answer-${survey.id}`}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )
      ) : (
        <TabState query={surveys} />
      )}
    </div>
  );
}
