import {
  Button,
  Callout,
  FileInput,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  NonIdealState,
} from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import type { CallOutcome } from '../../../../../shared/contract';
import {
  FILE_CATEGORY_OPTION_LIST,
  type LeadFile,
  type UploadAnswer,
} from '../../../../../shared/contract/files';
import { formatDateTimeTr } from '../../../../../shared/domain';
import { format, messages } from '../../../../../shared/i18n/messages';
import { useOptions } from '../../../api/options';
import { useCrmQuery } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import { useBridge } from '../../../bridge/bridge-context';
import { uiTexts } from '../../../i18n/ui-texts';
import { TabState } from '../TabState';
import { leadCallInputs, useRefreshCalls } from '../lead-queries';
import { FilePreviewDialog } from './FilePreviewDialog';
import { IMAGE_ACCEPT, checkUpload, fileSizeText } from './file-check';

export type FilesTabProps = { leadId: number };

/** How many files an upload stored, or why it stored none (the server's or the bridge's words). */
function uploadResult(outcome: CallOutcome<UploadAnswer>): { stored: number } | { refused: string } {
  if (!outcome.ok) return { refused: outcome.error.message };
  if (!outcome.data.success) return { refused: outcome.data.msg || messages.operationFailed };
  return { stored: outcome.data.results.length };
}

/** The upload form: category first (option list 108), then jpeg/png/jpg images, several at once. */
function UploadForm({ leadId }: { leadId: number }): ReactNode {
  const bridge = useBridge();
  const notifier = useNotifier();
  const refresh = useRefreshCalls();
  const categories = useOptions(FILE_CATEGORY_OPTION_LIST);
  const [category, setCategory] = useState('');
  const [picked, setPicked] = useState<File[]>([]);
  // A new key empties the native input after a successful upload (it cannot be set from React).
  const [inputKey, setInputKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const pick = (list: FileList | null): void => {
    const files = list ? Array.from(list) : [];
    setPicked(files);
    // The type check right away: waiting for the button would hide why it does nothing.
    const problem = files.length === 0 ? null : checkUpload(category === '' ? '-' : category, files);
    setError(problem);
  };

  const upload = async (): Promise<void> => {
    const problem = checkUpload(category, picked);
    if (problem !== null) {
      setError(problem);
      notifier.warning(problem);
      return;
    }
    setError(null);
    setUploading(true);
    try {
      const outcome = await bridge.call('uploadLeadFiles', {
        params: { leadId },
        body: { fileCat: Number(category) },
        files: picked.map((file) => ({ name: file.name, type: file.type, data: file })),
      });
      const result = uploadResult(outcome);
      if ('refused' in result) {
        // The choice stays: the agent fixes the one wrong file, not the whole form.
        setError(result.refused);
        notifier.danger(messages.operationFailed, result.refused);
        return;
      }
      setPicked([]);
      setInputKey((key) => key + 1);
      notifier.success(format(messages.filesUploaded, { count: result.stored }));
      refresh('files');
    } catch {
      setError(messages.operationFailed);
      notifier.danger(messages.operationFailed);
    } finally {
      setUploading(false);
    }
  };

  const pickedText =
    picked.length === 0
      ? uiTexts.chooseImages
      : picked.length === 1
        ? (picked[0]?.name ?? '')
        : format(uiTexts.selectedFiles, { count: picked.length });

  return (
    <form
      noValidate
      className="ld-file-upload-form"
      onSubmit={(event) => {
        event.preventDefault();
        void upload();
      }}
    >
      <FormGroup label={uiTexts.fileCategory} labelFor="file-category" className="ld-file-upload-category">
        <HTMLSelect
          id="file-category"
          fill
          value={category}
          onChange={(event) => {
            setCategory(event.currentTarget.value);
            setError(null);
          }}
          disabled={categories.isPending}
          data-testid="file-category"
        >
          <option value="">{uiTexts.choose}</option>
          {(categories.data?.items ?? []).map((option) => (
            <option key={String(option.value)} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label={messages.tabFiles} labelFor="file-input" className="ld-file-upload-files">
        <FileInput
          key={inputKey}
          fill
          text={pickedText}
          buttonText={uiTexts.browse}
          hasSelection={picked.length > 0}
          // docs/requirements.md#money-importer-and-lead-input: only a chosen category opens the picker.
          disabled={category === '' || uploading}
          inputProps={{
            id: 'file-input',
            accept: IMAGE_ACCEPT,
            multiple: true,
            // A spread, because an object literal may not name data attributes in InputHTMLAttributes.
            ...{ 'data-testid': 'file-input' },
          }}
          onInputChange={(event) => pick(event.currentTarget.files)}
        />
      </FormGroup>
      <Button
        type="submit"
        intent="primary"
        icon="upload"
        text={uiTexts.upload}
        loading={uploading}
        disabled={category === '' || picked.length === 0}
        className="ld-file-upload-button"
        data-testid="file-upload"
      />
      {error ? (
        <Callout intent="danger" icon="error" className="ld-file-upload-error" data-testid="file-error">
          {error}
        </Callout>
      ) : null}
    </form>
  );
}

/** Dosyalar (see docs/requirements.md#lead-workspace-and-work-screens): the lead's files and the upload control. */
export function FilesTab({ leadId }: FilesTabProps): ReactNode {
  const files = useCrmQuery('files', leadCallInputs.files(leadId));
  const [opened, setOpened] = useState<LeadFile | null>(null);
  return (
    <div className="lead-tab-body" data-testid="files-tab">
      <UploadForm leadId={leadId} />
      {files.data ? (
        files.data.results.length === 0 ? (
          <NonIdealState icon="folder-open" description={uiTexts.noFiles} className="lead-tab-empty" />
        ) : (
          <div className="lead-table-scroll">
            <HTMLTable compact striped className="lead-table" data-testid="file-table">
              <thead>
                <tr>
                  <th>{uiTexts.fileName}</th>
                  <th>{uiTexts.fileCategory}</th>
                  <th>{uiTexts.fileUploadedBy}</th>
                  <th>{uiTexts.fileSize}</th>
                  <th>{uiTexts.date}</th>
                </tr>
              </thead>
              <tbody>
                {files.data.results.map((file) => (
                  <tr key={file.id} data-testid="file-row">
                    <td className="ld-file-name">
                      <button
                        type="button"
                        className="ld-file-open"
                        aria-label={format(uiTexts.openFile, { name: file.file_name })}
                        onClick={() => setOpened(file)}
                        data-testid={`file-open-${file.id}`}
                      >
                        {file.file_name}
                      </button>
                    </td>
                    <td>{file.file_category ?? uiTexts.emptyValue}</td>
                    <td>{file.agent_name ?? uiTexts.emptyValue}</td>
                    <td className="lead-table-number">{fileSizeText(file.size)}</td>
                    <td>{formatDateTimeTr(file.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )
      ) : (
        <TabState query={files} />
      )}
      {opened ? <FilePreviewDialog file={opened} onClose={() => setOpened(null)} /> : null}
    </div>
  );
}
