import { messages as byAlias } from '@shared/i18n/messages';
import { messages as byPath } from '../../../src/shared/i18n/messages';

/** True when `@shared/...` and the relative path load the same module (one instance, not two copies). */
export function aliasLoadsSameModule(): boolean {
  return byAlias === byPath;
}
