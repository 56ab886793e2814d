import { AnchorButton, Button, Callout, Dialog, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import type { LeadFile } from '../../../../../shared/contract/files';
import { messages } from '../../../../../shared/i18n/messages';
import { useBridge } from '../../../bridge/bridge-context';
import { uiTexts } from '../../../i18n/ui-texts';

export type FilePreviewDialogProps = { file: LeadFile; onClose: () => void };

/** What was read for which file; a state of another file (or none yet) means this one is loading. */
type PreviewState =
  { fileId: number; kind: 'ready'; url: string } | { fileId: number; kind: 'error'; message: string };

/**
 * One stored image of a lead, shown in a dialog from the bytes of the leadFile call (an <img> pointing at
 * GET /file/{id} could not send the token, and the desktop renderer has none), with İndir for the same
 * bytes. The object URL lives as long as the dialog shows this file: closing it or opening another one
 * revokes it.
 */
export function FilePreviewDialog({ file, onClose }: FilePreviewDialogProps): ReactNode {
  const bridge = useBridge();
  const [state, setState] = useState<PreviewState | null>(null);

  useEffect(() => {
    let current = true;
    let url: string | null = null;
    bridge.call('leadFile', { params: { id: file.id } }).then(
      (outcome) => {
        if (!current) return;
        if (!outcome.ok) {
          setState({ fileId: file.id, kind: 'error', message: outcome.error.message });
          return;
        }
        url = URL.createObjectURL(new Blob([outcome.data.data], { type: outcome.data.mime }));
        setState({ fileId: file.id, kind: 'ready', url });
      },
      () => {
        if (current) setState({ fileId: file.id, kind: 'error', message: messages.fileOpenFailed });
      },
    );
    return () => {
      // A late answer of this file must not show up for the next one (or after closing).
      current = false;
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [bridge, file.id]);

  const shown = state?.fileId === file.id ? state : null;

  return (
    <Dialog isOpen onClose={onClose} title={file.file_name} icon="media" className="ld-file-preview">
      {/* Blueprint's Dialog passes no data attributes to its element; the body carries the test id. */}
      <DialogBody className="ld-file-preview-body" data-testid="file-preview">
        {shown === null ? (
          <div className="lead-tab-loading" role="status">
            <Spinner size={20} />
            <span>{messages.loading}</span>
          </div>
        ) : shown.kind === 'error' ? (
          <Callout intent="danger" icon="error" data-testid="file-preview-error">
            {shown.message}
          </Callout>
        ) : (
          <img
            src={shown.url}
            alt={file.file_name}
            className="ld-file-preview-image"
            data-testid="file-preview-image"
          />
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={messages.close} onClick={onClose} data-testid="file-preview-close" />
            {/* A plain <a download> of the shown bytes: nothing is fetched again. */}
            <AnchorButton
              intent="primary"
              icon="download"
              text={uiTexts.download}
              href={shown?.kind === 'ready' ? shown.url : undefined}
              download={file.file_name}
              disabled={shown?.kind !== 'ready'}
              data-testid="file-download"
            />
          </>
        }
      />
    </Dialog>
  );
}
