import { Collapse, Icon } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';

export type SidePanelProps = {
  title: string;
  open: boolean;
  onToggle: (open: boolean) => void;
  testId: string;
  /** Shown next to the title, e.g. how many items there are. */
  badge?: ReactNode;
  children: ReactNode;
};

/** A collapsible block of the left column (Favoriler, Yaklaşan 10 Hatırlatma); its state is a preference. */
export function SidePanel({ title, open, onToggle, testId, badge, children }: SidePanelProps): ReactNode {
  const bodyId = useId();
  return (
    <section className="side-panel" data-testid={testId} data-open={open ? '1' : '0'}>
      <button
        type="button"
        className="side-panel-header"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => onToggle(!open)}
        data-testid={`${testId}-toggle`}
      >
        <Icon icon={open ? 'chevron-down' : 'chevron-right'} size={12} />
        <span className="side-panel-title">{title}</span>
        {badge}
      </button>
      <Collapse isOpen={open} keepChildrenMounted={false}>
        <div id={bodyId} className="side-panel-body">
          {children}
        </div>
      </Collapse>
    </section>
  );
}
