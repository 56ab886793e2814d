import { Tag, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { PlatformOperation } from '../../../../shared/contract';
import {
  operationStateLabel,
  type PlatformOperationState,
} from '../../../../shared/domain/platform-operations';

const INTENTS: Readonly<Record<PlatformOperationState, Intent>> = {
  pending: 'none',
  sending: 'primary',
  done: 'success',
  failed: 'danger',
};

/** Bekliyor / Gönderiliyor / Tamamlandı / Başarısız, coloured by how it ended. */
export function OperationStateTag({ operation }: { operation: PlatformOperation }): ReactNode {
  return (
    <Tag
      minimal={operation.state !== 'failed'}
      intent={INTENTS[operation.state]}
      icon={operation.state === 'done' ? 'tick' : operation.state === 'failed' ? 'error' : 'time'}
      data-testid={`operation-state-${operation.id}`}
      data-state={operation.state}
    >
      {operationStateLabel(operation.state)}
    </Tag>
  );
}
