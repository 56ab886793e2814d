import { Classes } from '@blueprintjs/core';

/**
 * Blueprint's Table draws the header twice: in the scrolling main quadrant (covered) and in the sticky
 * top quadrant (the one people click). Only the visible copy keeps the test id and stays reachable by
 * keyboard, so neither users nor tests meet the same control twice (SortHeader does the same).
 */
const HIDDEN_QUADRANT = `.${Classes.getClassNamespace()}-table-quadrant-main`;

export function headerTestIdRef(testId: string): (element: HTMLElement | null) => void {
  return (element) => {
    if (!element) return;
    if (element.closest(HIDDEN_QUADRANT)) {
      element.tabIndex = -1;
      element.setAttribute('aria-hidden', 'true');
      element.removeAttribute('data-testid');
    } else {
      element.dataset.testid = testId;
    }
  };
}
