import { Button, Checkbox, Classes, Icon, NonIdealState, type IconName } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { FieldMeta, TimelineItem, TimelineKind } from '../../../../../shared/contract';
import { TIMELINE_PAGE_DEFAULT } from '../../../../../shared/contract';
import { formatCountTr, formatDateTimeTr, formatRelativeTr } from '../../../../../shared/domain/date-ranges';
import { format } from '../../../../../shared/i18n/messages';
import { timelineMessages } from '../../../../../shared/i18n/timeline-messages';
import { useCrmQuery } from '../../../api/use-crm-call';
import { useBridge } from '../../../bridge/bridge-context';
import { uiTexts } from '../../../i18n/ui-texts';
import { ChangeLine } from '../journal/JournalTab';
import { journalLines } from '../journal/journal-format';
import { TabState } from '../TabState';
import { callPrefix } from '../lead-queries';
import { timelineTexts } from './timeline-texts';

const KIND_ICONS: Readonly<Record<TimelineKind, IconName>> = {
  note: 'comment',
  call: 'phone',
  change: 'edit',
  email: 'envelope',
  task: 'tick-circle',
  file: 'document',
  transaction: 'bank-account',
  transaction_step: 'flow-linear',
  platform: 'chart',
};

function ItemChanges({ item, fields }: { item: TimelineItem; fields: readonly FieldMeta[] }): ReactNode {
  const lines = useMemo(
    () =>
      item.values
        ? journalLines(
            [
              {
                id: item.ref_id,
                agent_id: item.actor_id,
                agent_name: item.actor_name,
                values: item.values,
                created_at: item.at,
              },
            ],
            fields,
            uiTexts.systemAgent,
          )
        : [],
    [item, fields],
  );
  const changes = lines[0]?.changes ?? [];
  if (changes.length === 0) return null;
  return (
    <ul className="ld-journal-changes">
      {changes.map((change) => (
        <ChangeLine key={change.name} change={change} />
      ))}
    </ul>
  );
}

function TimelineEntry({
  item,
  fields,
  now,
}: {
  item: TimelineItem;
  fields: readonly FieldMeta[];
  now: Date;
}): ReactNode {
  const absolute = formatDateTimeTr(item.at);
  return (
    <li
      className={`ld-journal-entry ld-timeline-entry is-${item.kind}`}
      data-testid="timeline-entry"
      data-kind={item.kind}
    >
      <div className="ld-journal-head">
        <Icon icon={KIND_ICONS[item.kind]} size={12} />
        <strong className="ld-timeline-title">{item.title}</strong>
        <span className="ld-journal-agent">{item.actor_name ?? uiTexts.systemAgent}</span>
        <time className="ld-journal-time" dateTime={item.at} title={absolute} data-testid="timeline-time">
          {formatRelativeTr(item.at, now)}
        </time>
      </div>
      {item.detail ? <div className="ld-timeline-detail">{item.detail}</div> : null}
      {item.kind === 'change' ? <ItemChanges item={item} fields={fields} /> : null}
    </li>
  );
}

export type TimelineTabProps = { leadId: number; fields: readonly FieldMeta[] };

/**
 * Zaman Akışı (docs/user-guide.md#zaman-akisi): everything that happened to the lead, newest first, by
 * kind, a page at a time. A push about this lead (leadActivity), a money step or a call's outcome reloads it.
 */
export function TimelineTab({ leadId, fields }: TimelineTabProps): ReactNode {
  const [page, setPage] = useState(1);
  const [hidden, setHidden] = useState<ReadonlySet<TimelineKind>>(() => new Set());
  const [kindsSeen, setKindsSeen] = useState<readonly TimelineKind[]>([]);
  const chosen = kindsSeen.filter((kind) => !hidden.has(kind));
  const query = useCrmQuery(
    'leadTimeline',
    {
      params: { id: leadId },
      body: { page, limit: TIMELINE_PAGE_DEFAULT, ...(hidden.size > 0 ? { kinds: chosen } : {}) },
    },
    { staleTime: 0, placeholderData: (previous) => previous },
  );
  const kinds = query.data?.kinds;
  useEffect(() => {
    if (kinds && kinds.join() !== kindsSeen.join()) setKindsSeen(kinds);
  }, [kinds, kindsSeen]);

  const bridge = useBridge();
  const queryClient = useQueryClient();
  useEffect(() => {
    const reload = (): void => void queryClient.invalidateQueries({ queryKey: callPrefix('leadTimeline') });
    const offs = [
      bridge.on('leadActivity', (event) => {
        if (event.lead_id === leadId) reload();
      }),
      bridge.on('transactionUpdate', (event) => {
        if (event.customer_id === leadId) reload();
      }),
      bridge.on('callOutcome', reload),
    ];
    return () => offs.forEach((off) => off());
  }, [bridge, queryClient, leadId]);

  // The relative times ("3 dakika önce") move on while the tab is open.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / TIMELINE_PAGE_DEFAULT)) : 1;
  const toggle = (kind: TimelineKind): void => {
    const next = new Set(hidden);
    if (next.has(kind)) next.delete(kind);
    else next.add(kind);
    // Every kind off reads as "nothing chosen": show all again rather than an empty list.
    setHidden(next.size === kindsSeen.length ? new Set() : next);
    setPage(1);
  };

  return (
    <section className="ld-timeline" data-testid="timeline">
      {kindsSeen.length > 1 ? (
        <div className="ld-timeline-filter" role="group" aria-label={timelineTexts.filterLabel}>
          {kindsSeen.map((kind) => (
            <Checkbox
              key={kind}
              inline
              label={timelineMessages.kindNames[kind]}
              checked={!hidden.has(kind)}
              onChange={() => toggle(kind)}
              data-testid={`timeline-kind-${kind}`}
            />
          ))}
        </div>
      ) : null}
      {!data ? (
        <TabState query={query} />
      ) : data.results.length === 0 ? (
        <NonIdealState icon="time" description={timelineTexts.empty} className="lead-tab-empty" />
      ) : (
        <>
          <ol className="ld-journal-list" data-testid="timeline-list">
            {data.results.map((item) => (
              <TimelineEntry key={item.key} item={item} fields={fields} now={now} />
            ))}
          </ol>
          {pages > 1 ? (
            <div className="ld-timeline-pager">
              <Button
                small
                icon="chevron-left"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
                aria-label={timelineTexts.previous}
                data-testid="timeline-prev"
              />
              <span className={Classes.TEXT_MUTED} data-testid="timeline-page">
                {format(timelineTexts.page, {
                  page: formatCountTr(page),
                  pages: formatCountTr(pages),
                  total: formatCountTr(data.total),
                })}
              </span>
              <Button
                small
                icon="chevron-right"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
                aria-label={timelineTexts.next}
                data-testid="timeline-next"
              />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
