import {
  Button,
  Callout,
  Card,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { BidAnswerItem, BidPreview } from '../../../../shared/contract/bids';
import { bidTotal, formatDateTimeTr, formatDateTr, formatDecimalTr } from '../../../../shared/domain';
import { format, messages } from '../../../../shared/i18n/messages';
import { useCrmMutation, useCrmQuery } from '../../api/use-crm-call';
import { useBridge } from '../../bridge/bridge-context';
import { useNotifier } from '../../ui/toaster';
import { workTexts } from '../../i18n/work-texts';
import { usePageTitle } from '../../shell/top-bar/top-bar-slot';
import { bidPdfFileName } from './bid-file-name';
import { buildBidPdf } from './bid-pdf';
import './bids.css';

const money = (text: string): string => formatDecimalTr(text) ?? text;

/** The answers as the form has them now, with each choice's price (the server recomputes on save). */
function currentAnswers(preview: BidPreview, values: readonly string[]): BidAnswerItem[] {
  return preview.template.questions.map((question, index) => {
    const value = values[index] ?? '';
    const chosen = question.type === 'cat' ? question.answers.find((a) => a.text === value) : undefined;
    return {
      question: question.text,
      type: question.type,
      value,
      price: chosen ? bidTotal([chosen]) : '0.00',
    };
  });
}

function OfferForm({ preview }: { preview: BidPreview }): ReactNode {
  const notifier = useNotifier();
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<string[]>(preview.answers.map((item) => item.value));
  const [making, setMaking] = useState(false);
  const save = useCrmMutation('bidSet');
  const answers = currentAnswers(preview, values);
  const total = bidTotal(
    preview.template.questions.flatMap((question, index) =>
      question.type === 'cat' ? question.answers.filter((a) => a.text === values[index]) : [],
    ),
  );
  const set = (index: number, value: string): void =>
    setValues(values.map((v, i) => (i === index ? value : v)));

  const submit = (): void => {
    save.mutate(
      { params: { x: preview.lead.id }, body: { template_id: preview.template.id, values } },
      {
        onSuccess: (answer) => {
          notifier.success(answer.msg);
          void queryClient.invalidateQueries({ queryKey: ['crm', 'call', 'bidPreview'] });
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
      },
    );
  };

  const makePdf = async (): Promise<void> => {
    setMaking(true);
    try {
      const base64 = await buildBidPdf({
        title: preview.template.name,
        leadName: preview.lead.name,
        date: formatDateTr(new Date()),
        answers,
        total,
        labels: {
          question: workTexts.bidQuestion,
          answer: workTexts.bidAnswer,
          price: workTexts.bidPriceVal,
          total: workTexts.bidTotal,
          date: 'Tarih',
        },
      });
      const outcome = await bridge.files.saveDocument({
        suggestedName: bidPdfFileName(answers, preview.lead.name),
        base64,
      });
      if (outcome.ok) notifier.success(workTexts.bidPdfSaved);
      else if (!outcome.canceled) notifier.danger(workTexts.bidPdfFailed, outcome.message);
    } catch {
      notifier.danger(workTexts.bidPdfFailed);
    } finally {
      setMaking(false);
    }
  };

  return (
    <div className="work-bid-offer">
      <Card className="work-bid-form">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {preview.template.questions.map((question, index) => (
            <FormGroup key={index} label={question.text} labelFor={`bid-value-${index}`}>
              {question.type === 'db' ? (
                <InputGroup
                  id={`bid-value-${index}`}
                  value={values[index] ?? ''}
                  onValueChange={(value) => set(index, value)}
                  data-testid={`bid-value-${index}`}
                />
              ) : (
                <HTMLSelect
                  id={`bid-value-${index}`}
                  fill
                  value={values[index] ?? ''}
                  onChange={(event) => set(index, event.currentTarget.value)}
                  data-testid={`bid-value-${index}`}
                >
                  <option value="">{workTexts.bidChoose}</option>
                  {question.answers.map((answer) => (
                    <option key={answer.text} value={answer.text}>
                      {answer.priceCalc ? `${answer.text} (${money(answer.priceVal)})` : answer.text}
                    </option>
                  ))}
                </HTMLSelect>
              )}
            </FormGroup>
          ))}
          <div className="work-bid-form-actions">
            <span className="work-muted">
              {preview.saved
                ? format(workTexts.bidSavedBy, {
                    date: formatDateTimeTr(preview.saved.created_at),
                    agent: preview.saved.agent_name ?? '',
                  })
                : workTexts.bidNotSaved}
            </span>
            <Button
              type="submit"
              intent="primary"
              icon="floppy-disk"
              text={workTexts.bidSaveOffer}
              loading={save.isPending}
              data-testid="bid-save-offer"
            />
          </div>
        </form>
      </Card>
      <Card className="work-bid-sheet" data-testid="bid-preview">
        <div className="work-bid-sheet-head">
          <div>
            <h2>{preview.template.name}</h2>
            <div>{format(workTexts.bidOfferLead, { name: preview.lead.name, id: preview.lead.id })}</div>
          </div>
          <Button
            icon="document"
            intent="success"
            text={workTexts.bidPdf}
            loading={making}
            onClick={() => void makePdf()}
            data-testid="bid-pdf"
          />
        </div>
        <HTMLTable compact className="work-bid-table">
          <thead>
            <tr>
              <th>{workTexts.bidQuestion}</th>
              <th>{workTexts.bidAnswer}</th>
              <th className="work-bid-price">{workTexts.bidPriceVal}</th>
            </tr>
          </thead>
          <tbody>
            {answers.map((item, index) => (
              <tr key={index}>
                <td>{item.question}</td>
                <td>{item.value}</td>
                <td className="work-bid-price">{item.type === 'cat' ? money(item.price) : ''}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={2}>{workTexts.bidTotal}</th>
              <th className="work-bid-price" data-testid="bid-total">
                {money(total)}
              </th>
            </tr>
          </tfoot>
        </HTMLTable>
      </Card>
    </div>
  );
}

/** /bids/{lead_id}/{id} (see docs/requirements.md#lead-workspace-and-work-screens): the offer for a lead with the computed total and a PDF button. */
export function BidOfferPage(): ReactNode {
  const params = useParams();
  const leadId = Number(params.leadId);
  const id = Number(params.id);
  const valid = Number.isSafeInteger(leadId) && leadId > 0 && Number.isSafeInteger(id) && id > 0;
  const preview = useCrmQuery('bidPreview', { params: { x: leadId, y: id } }, { enabled: valid });
  usePageTitle(
    preview.data
      ? format(workTexts.bidOfferTitle, { name: preview.data.result.template.name })
      : workTexts.bidsTitle,
  );

  const body = (): ReactNode => {
    if (!valid) return <NonIdealState icon="search" description={messages.recordNotFound} />;
    if (preview.isPending) return <Spinner size={24} />;
    if (preview.isError) {
      return (
        <Callout intent="danger" icon="error" title={workTexts.bidPreviewLoadFailed}>
          {preview.error.message}
        </Callout>
      );
    }
    const { result } = preview.data;
    // A new answer set from the server starts the form again from it.
    return <OfferForm key={`${result.saved?.id ?? 0}`} preview={result} />;
  };

  return (
    <div className="page work-bids-page" data-testid="bid-offer-page">
      <div className="work-bids-nav">
        <Link to="/bids">{workTexts.bidBack}</Link>
        {valid ? <Link to={`/leadDetail/${leadId}`}>{`#LEAD${leadId}`}</Link> : null}
      </div>
      {body()}
    </div>
  );
}
