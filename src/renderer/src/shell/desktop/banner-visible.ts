import type { UpdateStatus } from '../../../../shared/bridge';

/** Which update states are worth a bar: what needs the user, or answers a check they asked for. */
export function bannerVisible(status: UpdateStatus): boolean {
  switch (status.state) {
    case 'available':
    case 'downloading':
    case 'downloaded':
    case 'error':
      return true;
    case 'checking':
    case 'upToDate':
      return status.userAsked;
    default:
      return false;
  }
}
