export { UpdateBanner } from './UpdateBanner';
export { useStartupNotices } from './use-startup-notices';
