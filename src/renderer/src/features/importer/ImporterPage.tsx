import {
  Button,
  Callout,
  Card,
  FileInput,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NonIdealState,
  ProgressBar,
  Spinner,
} from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ImportField } from '../../../../shared/contract/importer';
import {
  IMPORT_DATE_FORMATS,
  type ImportDateFormat,
  guessImportDateFormat,
} from '../../../../shared/domain/import-cells';
import type { DesktopBridge } from '../../../../shared/bridge';
import type { ParsedImportFile } from '../../../../shared/domain/import-file';
import {
  DEFAULT_IMPORT_LIMITS,
  IMPORT_PREVIEW_ROWS,
  IMPORT_RECOMMENDED_ROWS,
  importChannelId,
} from '../../../../shared/domain/import-limits';
import {
  IMPORT_SKIP,
  checkMapping,
  chooseColumnField,
  guessMapping,
  type ColumnChoice,
} from '../../../../shared/domain/import-mapping';
import { importFinished, importSpeed, prepareImportRows } from '../../../../shared/domain/import-plan';
import {
  fileProblemText,
  mappingProblemText,
  selectFileText,
  type ImportProblemText,
} from '../../../../shared/domain/import-problems';
import type { ImportDuplicatePolicy } from '../../../../shared/domain/import-owner';
import { format, messages } from '../../../../shared/i18n/messages';
import { workflowMessages } from '../../../../shared/i18n/workflow-messages';
import { usePermissions } from '../../api/permissions';
import { callCrm, useCrmQuery } from '../../api/use-crm-call';
import { isCrmError } from '../../api/crm-error';
import { useNotifier } from '../../ui/toaster';
import { useBridge } from '../../bridge/bridge-context';
import { importerTexts } from '../../i18n/importer-texts';
import { parsePickedFile, pickFileOnDesktop } from './parse-file';
import { EMPTY_OWNER, ImportOwnerStep, ownerOfDraft, type OwnerDraft } from './ImportOwnerStep';
import { checkDuplicates, randomSuffix, runImport, type ImportOutcome } from './run-import';
import './importer.css';

type Stage = 'pick' | 'reading' | 'mapping' | 'uploading' | 'done';

/** The chosen file as the screen keeps it: its name and size (a resumed upload is recognised by them). */
interface PickedFile {
  name: string;
  size: number;
}

interface PendingImport {
  excelId: string;
  fileName: string;
  size: number;
}

const pendingKey = (table: string): string => `crm.import.pending.${table}`;
/** The spec's browser key holding the channel id of the upload under way (see docs/requirements.md#records-notes-and-settings). */
const EXCEL_UPLOAD_ID_KEY = 'excelUploadId';

function readPending(table: string): PendingImport | null {
  try {
    const value = JSON.parse(localStorage.getItem(pendingKey(table)) ?? 'null') as PendingImport | null;
    return value && typeof value.excelId === 'string' ? value : null;
  } catch {
    return null;
  }
}

function ProblemCallout({ problem }: { problem: ImportProblemText | null }): ReactNode {
  if (!problem) return null;
  return (
    <Callout intent="danger" icon="error" data-testid="import-error">
      <div>{problem.text}</div>
      {problem.english ? <div className="importer-english">{problem.english}</div> : null}
    </Callout>
  );
}

export function ImporterPage(): ReactNode {
  const { table = '' } = useParams();
  const bridge = useBridge();
  const navigate = useNavigate();
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const setup = useCrmQuery('importTemplates', { body: { table } });
  const permissions = usePermissions();
  const [stage, setStage] = useState<Stage>('pick');
  const [problem, setProblem] = useState<ImportProblemText | null>(null);
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [parsed, setParsed] = useState<ParsedImportFile | null>(null);
  const [choices, setChoices] = useState<ColumnChoice[]>([]);
  const [dateFormats, setDateFormats] = useState<Record<string, ImportDateFormat>>({});
  /** What the guesser read from each date column's cells (null: no format reads them all). */
  const [guessedFormats, setGuessedFormats] = useState<Record<string, ImportDateFormat | null>>({});
  const [duplicates, setDuplicates] = useState<{ matchCount: number; total: number } | null>(null);
  const [checking, setChecking] = useState(false);
  const [policy, setPolicy] = useState<ImportDuplicatePolicy>('import');
  const [owner, setOwner] = useState<OwnerDraft>(EMPTY_OWNER);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [templateId, setTemplateId] = useState('');
  const [templateName, setTemplateName] = useState('');
  const [progress, setProgress] = useState<{ done: number; total: number; startedAt: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const [resumable, setResumable] = useState<{ done: number; total: number } | null>(null);
  const uploadId = useRef<string | null>(null);
  const desktop = bridge.desktop;

  const fields: ImportField[] = useMemo(() => setup.data?.fields ?? [], [setup.data]);
  const limits = useMemo(
    () => ({ ...DEFAULT_IMPORT_LIMITS, maxBytes: setup.data?.maxBytes ?? DEFAULT_IMPORT_LIMITS.maxBytes }),
    [setup.data],
  );

  // Progress pushed by the server on this upload's channel (see docs/requirements.md#constants-and-limits), shown as it comes.
  useEffect(
    () =>
      bridge.on('importProgress', (event) => {
        if (event.uploadId !== uploadId.current) return;
        setProgress((current) =>
          current ? { ...current, done: Math.max(current.done, event.done), total: event.total } : current,
        );
      }),
    [bridge],
  );

  function reset(next: ImportProblemText | null): void {
    // After a file error the picker starts over (see docs/requirements.md#task-customer-and-money-states).
    setProblem(next);
    setPicked(null);
    setParsed(null);
    setChoices([]);
    setDuplicates(null);
    setStage('pick');
    setInputKey((key) => key + 1);
  }

  async function pick(files: FileList | null): Promise<void> {
    if (!files || files.length === 0) {
      reset(fileProblemText('noFile', limits));
      return;
    }
    if (files.length > 1) {
      reset(fileProblemText('invalidFile', limits));
      return;
    }
    const file = files[0] as File;
    setProblem(null);
    setStage('reading');
    const reply = await parsePickedFile(file, limits);
    if (!reply.ok) {
      reset(fileProblemText(reply.problem, limits));
      return;
    }
    await accept({ name: file.name, size: file.size }, reply.file);
  }

  /** Desktop: the main process shows the dialog and parses; closing the dialog changes nothing. */
  async function pickOnDesktop(desktop: DesktopBridge): Promise<void> {
    const before = stage;
    setProblem(null);
    setStage('reading');
    const outcome = await pickFileOnDesktop(desktop, limits);
    if (!outcome.ok) {
      if (outcome.canceled) setStage(before);
      else reset(fileProblemText(outcome.problem, limits));
      return;
    }
    await accept({ name: outcome.name, size: outcome.size }, outcome.file);
  }

  async function accept(file: PickedFile, sheet: ParsedImportFile): Promise<void> {
    const guessed = guessMapping(sheet.headers, fields);
    const formats: Record<string, ImportDateFormat> = {};
    const guesses: Record<string, ImportDateFormat | null> = {};
    guessed.forEach((choice, column) => {
      const field = fields.find((item) => item.name === choice);
      if (!field?.date) return;
      const samples = sheet.rows.slice(0, 50).map((row) => row[column] ?? '');
      guesses[field.name] = guessImportDateFormat(samples);
      formats[field.name] = guesses[field.name] ?? 'DD/MM/YY';
    });
    setGuessedFormats(guesses);
    // The same file as an upload that stopped midway (app closed, server restarted): offer to go on.
    const pending = readPending(table);
    setResumable(null);
    if (pending && pending.fileName === file.name && pending.size === file.size) {
      try {
        const status = await callCrm(bridge, 'importStatus', { body: { excelId: pending.excelId } });
        const report = status.report;
        // The server's own count decides here: the 99 % rule is for showing progress, never for dropping
        // the chunks still missing.
        if (report && !report.finished) {
          setResumable({ done: report.inserted, total: report.total });
        }
      } catch {
        // No status: the upload starts from the beginning; the server still never inserts a chunk twice.
      }
    }
    setPicked(file);
    setParsed(sheet);
    setChoices(guessed);
    setDateFormats(formats);
    setDuplicates(null);
    setStage('mapping');
  }

  function choose(column: number, value: string): void {
    const field: ColumnChoice = value === '' ? null : value;
    setChoices((current) => chooseColumnField(current, column, field));
    setDuplicates(null);
    const meta = fields.find((item) => item.name === field);
    if (meta?.date && parsed && !dateFormats[meta.name]) {
      const samples = parsed.rows.slice(0, 50).map((row) => row[column] ?? '');
      const guess = guessImportDateFormat(samples);
      setGuessedFormats((current) => ({ ...current, [meta.name]: guess }));
      setDateFormats((current) => ({
        ...current,
        [meta.name]: guess ?? 'DD/MM/YY',
      }));
    }
  }

  function applyTemplate(): void {
    const template = setup.data?.results.find((item) => String(item.id) === templateId);
    if (!template || !parsed) return;
    const byHeader = new Map(
      template.data.headers.map((header, index) => [header, template.data.choices[index] ?? null]),
    );
    let next: ColumnChoice[] = parsed.headers.map(() => null);
    parsed.headers.forEach((header, column) => {
      const choice = byHeader.get(header) ?? template.data.choices[column] ?? null;
      if (choice !== null) next = chooseColumnField(next, column, choice);
    });
    setChoices(next);
    setDateFormats({ ...dateFormats, ...template.data.dateFormats });
    setTemplateName(template.name);
  }

  async function saveTemplate(): Promise<void> {
    if (!parsed) return;
    try {
      const answer = await callCrm(bridge, 'importTemplateSave', {
        body: { table, name: templateName, data: { headers: parsed.headers, choices, dateFormats } },
      });
      notifier.success(answer.msg);
      await setup.refetch();
    } catch (error) {
      notifier.danger(messages.operationFailed, isCrmError(error) ? error.message : undefined);
    }
  }

  function prepared(): Extract<ReturnType<typeof prepareImportRows>, { ok: true }> | null {
    if (!parsed) {
      setProblem(selectFileText);
      return null;
    }
    // Every field counts as optional for the required-column checks (see docs/requirements.md#money-importer-and-lead-input); a row the table
    // cannot take is refused by the server with its row number (docs/api-conformance.md#importer).
    const mappingProblem = checkMapping(parsed.headers.length, choices, []);
    if (mappingProblem) {
      setProblem(mappingProblemText(mappingProblem));
      return null;
    }
    const rows = prepareImportRows(parsed.rows, choices, fields, dateFormats);
    if (!rows.ok) {
      setProblem({ text: rows.message });
      return null;
    }
    setProblem(null);
    return rows;
  }

  async function doubleCheck(): Promise<void> {
    const rows = prepared();
    if (!rows) return;
    setChecking(true);
    try {
      setDuplicates(await checkDuplicates(bridge, table, rows.phones));
    } catch (error) {
      notifier.danger(messages.operationFailed, isCrmError(error) ? error.message : undefined);
    } finally {
      setChecking(false);
    }
  }

  async function upload(): Promise<void> {
    const rows = prepared();
    if (!rows || !picked) return;
    const chosen = ownerOfDraft(owner);
    if ('problem' in chosen) {
      setProblem({ text: chosen.problem });
      return;
    }
    const pending = readPending(table);
    const resumable = pending && pending.fileName === picked.name && pending.size === picked.size;
    const excelId = resumable ? pending.excelId : importChannelId(picked.name, randomSuffix());
    localStorage.setItem(
      pendingKey(table),
      JSON.stringify({ excelId, fileName: picked.name, size: picked.size }),
    );
    // The spec's browser key for the upload's channel (see docs/requirements.md#records-notes-and-settings excelUploadId).
    localStorage.setItem(EXCEL_UPLOAD_ID_KEY, excelId);
    uploadId.current = excelId;
    setStage('uploading');
    setProgress({ done: 0, total: rows.rows.length, startedAt: Date.now() });
    try {
      const result = await runImport(
        bridge,
        {
          table,
          excelId,
          fileName: picked.name,
          columns: rows.columns,
          rows: rows.rows,
          skipDuplicates: policy === 'skip',
          duplicatePolicy: policy,
          owner: chosen.owner,
        },
        (next) =>
          setProgress((current) =>
            current ? { ...current, done: Math.max(current.done, next.done), total: next.total } : current,
          ),
      );
      localStorage.removeItem(pendingKey(table));
      localStorage.removeItem(EXCEL_UPLOAD_ID_KEY);
      await queryClient.invalidateQueries();
      notifier.success(format(messages.importedCount, { n: result.inserted }));
      // The result stays on screen with the way to the import report (see docs/user-guide.md#importing-leads).
      setOutcome(result);
      setStage('done');
    } catch (error) {
      setStage('mapping');
      const detail = isCrmError(error) ? error.message : undefined;
      setProblem({
        text: detail
          ? format(messages.operationFailedWithMessage, { message: detail })
          : messages.operationFailed,
      });
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>): void {
    event.preventDefault();
    setDragging(false);
    void pick(event.dataTransfer.files);
  }

  if (setup.isPending) return <Spinner className="importer-spinner" />;
  if (setup.isError) {
    return <NonIdealState icon="error" title={setup.error.message} data-testid="importer-refused" />;
  }

  const tableLabel = permissions.data?.tables.find((entry) => entry.table === table)?.name ?? table;
  const fieldOptions = [
    { value: '', label: messages.importChooseColumn },
    { value: IMPORT_SKIP, label: messages.importSkipColumn },
    ...fields.map((field) => ({
      value: field.name,
      label: field.required ? `${field.display_name} *` : field.display_name,
    })),
  ];
  const speed = progress ? importSpeed(progress.done, progress.total, progress.startedAt, Date.now()) : null;

  return (
    <div className="importer-page" data-testid="importer-page">
      <h2 className="importer-title">{format(importerTexts.title, { table: tableLabel })}</h2>
      <Card className="importer-card">
        <div
          className={`importer-drop${dragging ? ' importer-drop-active' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="import-drop"
        >
          <p>{importerTexts.dropHere}</p>
          <FileInput
            key={inputKey}
            text={picked?.name ?? importerTexts.chooseFile}
            buttonText={importerTexts.browse}
            className="importer-file-input"
            disabled={stage === 'reading' || stage === 'uploading'}
            inputProps={
              {
                accept: '.csv,.xlsx,.txt',
                'data-testid': 'import-file',
                // The desktop app chooses the file in its main process (OS dialog, parse off this thread).
                onClick: desktop
                  ? (event: React.MouseEvent<HTMLInputElement>) => {
                      event.preventDefault();
                      void pickOnDesktop(desktop);
                    }
                  : undefined,
              } as React.InputHTMLAttributes<HTMLInputElement>
            }
            onInputChange={(event) => void pick(event.currentTarget.files)}
          />
        </div>
        {stage === 'reading' ? <Spinner size={24} className="importer-reading" /> : null}
        {stage === 'pick' ? (
          <Button
            intent="primary"
            icon="upload"
            text={importerTexts.upload}
            className="importer-upload-empty"
            onClick={() => setProblem(selectFileText)}
            data-testid="import-upload-empty"
          />
        ) : null}
        <ProblemCallout problem={problem} />
      </Card>

      {outcome && stage === 'done' ? (
        <Card className="importer-card" data-testid="import-result">
          <h4 className="importer-owner-title">{workflowMessages.importResultTitle}</h4>
          <ul className="importer-result-list">
            <li data-testid="import-result-inserted">
              {format(workflowMessages.importResultInserted, { n: outcome.inserted })}
            </li>
            {outcome.duplicates > 0 ? (
              <li data-testid="import-result-duplicates">
                {format(workflowMessages.importResultDuplicates, { n: outcome.duplicates })}
              </li>
            ) : null}
            {outcome.skipped > 0 ? (
              <li>{format(workflowMessages.importResultSkipped, { n: outcome.skipped })}</li>
            ) : null}
            {outcome.updated > 0 ? (
              <li data-testid="import-result-updated">
                {format(workflowMessages.importResultUpdated, { n: outcome.updated })}
              </li>
            ) : null}
          </ul>
          <div className="importer-actions">
            <Link to="/report/import" data-testid="import-result-report">
              {workflowMessages.importResultReport}
            </Link>
            <Button
              icon="th-list"
              text={workflowMessages.importResultBack}
              onClick={() => void navigate(`/list/${table}`)}
              data-testid="import-result-back"
            />
            <Button
              minimal
              icon="upload"
              text={workflowMessages.importResultAgain}
              onClick={() => {
                setOutcome(null);
                reset(null);
              }}
            />
          </div>
        </Card>
      ) : null}

      {parsed && stage !== 'pick' ? (
        <Card className="importer-card">
          <p data-testid="import-summary">
            {format(importerTexts.fileSummary, {
              name: picked?.name ?? '',
              rows: parsed.rows.length,
              columns: parsed.headers.length,
            })}
          </p>
          {parsed.rows.length > IMPORT_RECOMMENDED_ROWS ? (
            <Callout intent="primary" icon="info-sign">
              {format(messages.importRecommendedRows, {
                n: IMPORT_RECOMMENDED_ROWS,
                rows: parsed.rows.length,
              })}
            </Callout>
          ) : null}
          {resumable ? (
            <Callout intent="warning" icon="history" data-testid="import-resumable">
              {format(messages.importResume, resumable)}
            </Callout>
          ) : null}
          <div className="importer-templates">
            <HTMLSelect
              value={templateId}
              onChange={(event) => setTemplateId(event.currentTarget.value)}
              options={[
                { value: '', label: messages.importTemplatePick },
                ...(setup.data?.results ?? []).map((template) => ({
                  value: String(template.id),
                  label: template.name,
                })),
              ]}
              data-testid="import-template-select"
            />
            <Button text={importerTexts.applyTemplate} disabled={templateId === ''} onClick={applyTemplate} />
            <InputGroup
              placeholder={messages.importTemplateName}
              value={templateName}
              onChange={(event) => setTemplateName(event.currentTarget.value)}
              data-testid="import-template-name"
            />
            <Button
              text={importerTexts.saveTemplate}
              disabled={templateName.trim() === ''}
              onClick={() => void saveTemplate()}
              data-testid="import-template-save"
            />
          </div>
          <div className="importer-table-wrap">
            <HTMLTable compact bordered className="importer-table" data-testid="import-mapping">
              <thead>
                <tr>
                  {parsed.headers.map((header, column) => (
                    <th key={column}>{header}</th>
                  ))}
                </tr>
                <tr>
                  {parsed.headers.map((header, column) => {
                    const choice = choices[column] ?? null;
                    const meta = fields.find((field) => field.name === choice);
                    return (
                      <th key={column}>
                        <HTMLSelect
                          fill
                          value={choice ?? ''}
                          options={fieldOptions}
                          onChange={(event) => choose(column, event.currentTarget.value)}
                          aria-label={header}
                          data-testid={`import-column-${column}`}
                        />
                        {meta?.date ? (
                          <FormGroup
                            label={messages.importDateFormat}
                            className="importer-date-format"
                            helperText={
                              guessedFormats[meta.name]
                                ? format(workflowMessages.importDateGuessed, {
                                    format: guessedFormats[meta.name] ?? '',
                                  })
                                : workflowMessages.importDateNoGuess
                            }
                          >
                            <HTMLSelect
                              fill
                              value={dateFormats[meta.name] ?? 'DD/MM/YY'}
                              options={[...IMPORT_DATE_FORMATS]}
                              onChange={(event) =>
                                setDateFormats({
                                  ...dateFormats,
                                  [meta.name]: event.currentTarget.value as ImportDateFormat,
                                })
                              }
                              data-testid={`import-date-format-${column}`}
                            />
                          </FormGroup>
                        ) : null}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {parsed.rows.slice(0, IMPORT_PREVIEW_ROWS).map((row, index) => (
                  <tr key={index} data-testid="import-preview-row">
                    {parsed.headers.map((_, column) => (
                      <td key={column}>{row[column] ?? ''}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>

          <ImportOwnerStep
            draft={owner}
            onChange={setOwner}
            policy={policy}
            onPolicy={setPolicy}
            disabled={stage === 'uploading' || stage === 'done'}
          />
          <div className="importer-actions">
            <Button
              icon="search"
              text={checking ? importerTexts.checking : importerTexts.checkDuplicates}
              loading={checking}
              disabled={stage === 'uploading'}
              onClick={() => void doubleCheck()}
              data-testid="import-double-check"
            />
            {duplicates ? (
              <span data-testid="import-double-result" className="importer-double">
                {duplicates.matchCount > 0
                  ? format(messages.duplicateCheckResult, {
                      count: duplicates.matchCount,
                      total: duplicates.total,
                    })
                  : messages.importDuplicatesNone}
              </span>
            ) : null}
            <Button
              intent="primary"
              icon="upload"
              text={resumable ? importerTexts.resume : importerTexts.upload}
              loading={stage === 'uploading'}
              disabled={stage === 'done'}
              onClick={() => void upload()}
              data-testid="import-upload"
            />
          </div>
          {progress && stage === 'uploading' ? (
            // At 99 % or more the upload counts as finished (see docs/requirements.md#notification-and-list-states): the bar settles and says so
            // while the last answer is on its way.
            <div
              className="importer-progress"
              data-testid="import-progress"
              data-finished={importFinished(progress.done, progress.total)}
            >
              <ProgressBar
                intent={importFinished(progress.done, progress.total) ? 'success' : 'primary'}
                value={progress.total === 0 ? 1 : progress.done / progress.total}
                animate={!importFinished(progress.done, progress.total)}
                stripes={!importFinished(progress.done, progress.total)}
              />
              <span>
                {importFinished(progress.done, progress.total)
                  ? format(importerTexts.uploadFinished, { done: progress.done, total: progress.total })
                  : format(messages.importUploading, { done: progress.done, total: progress.total })}
                {speed && !importFinished(progress.done, progress.total)
                  ? ` · ${format(messages.importRate, { rate: speed.rate, left: format(importerTexts.leftTime, { s: speed.secondsLeft }) })}`
                  : ''}
              </span>
            </div>
          ) : null}
        </Card>
      ) : null}
      <div>
        <Button minimal icon="arrow-left" text={importerTexts.back} onClick={() => void navigate(-1)} />
      </div>
    </div>
  );
}
