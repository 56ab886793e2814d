import { Button, Callout, Card, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { recordId } from '../../../../shared/contract';
import { messages } from '../../../../shared/i18n/messages';
import { usePermissions } from '../../api/permissions';
import { useRecordRow } from '../../api/record-row';
import { FullPageStatus } from '../../ui/FullPageStatus';
import { uiTexts } from '../../i18n/ui-texts';
import type { RowAnswer } from '../../components/record-form';
import { DuplicatesTab } from './duplicates/DuplicatesTab';
import { EmailPanel } from './email/EmailPanel';
import { FilesTab } from './files/FilesTab';
import { LeadHeader } from './header/LeadHeader';
import { JournalTab } from './journal/JournalTab';
import { leadCallInputs } from './lead-queries';
import { NotesPanel, RemindersPanel } from './notes/NotesPanel';
import { PersonalInfoTab } from './personal/PersonalInfoTab';
import { PlatformsTab } from './platforms/PlatformsTab';
import { RemittersTab } from './remitters/RemittersTab';
import { SurveysTab } from './surveys/SurveysTab';
import {
  LEFT_TAB_TITLES,
  RIGHT_TAB_TITLES,
  visibleLeftTabs,
  visibleRightTabs,
  type LeftTab,
  type RightTab,
} from './tabs/lead-tabs';
import { useTabHash } from './tabs/use-tab-hash';
import { TasksTab } from './tasks/TasksTab';
import { TimelineTab } from './timeline/TimelineTab';
import { MoneyTab } from './money/MoneyTab';
import './lead-detail.css';

/** docs/requirements.md#lead-workspace-and-work-screens: a missing lead and one the user may not see answer alike, with the spec's 404 text. */
export function LeadNotFound(): ReactNode {
  return (
    <div className="page page-centered" data-testid="lead-not-found">
      <NonIdealState icon="search" title="404" description={messages.recordNotFound} />
    </div>
  );
}

type LeftTabPanelProps = { tab: LeftTab; leadId: number; answer: RowAnswer; trx: number | undefined };

function LeftTabPanel({ tab, leadId, answer, trx }: LeftTabPanelProps): ReactNode {
  switch (tab) {
    case 'zaman-akisi':
      return <TimelineTab leadId={leadId} fields={answer.fields} />;
    case 'kisisel-bilgiler':
      return <PersonalInfoTab leadId={leadId} answer={answer} />;
    case 'gorevler':
      return <TasksTab leadId={leadId} />;
    case 'platformlar':
      return <PlatformsTab leadId={leadId} />;
    case 'para-islemleri':
      return <MoneyTab leadId={leadId} trx={trx} />;
    case 'eslesen-kayitlar':
      return <DuplicatesTab leadId={leadId} fields={answer.fields} />;
    case 'gecmis':
      return <JournalTab leadId={leadId} fields={answer.fields} />;
    case 'dosyalar':
      return <FilesTab leadId={leadId} />;
    case 'anketler':
      return <SurveysTab leadId={leadId} />;
    case '3-sahis-bilgileri':
      return <RemittersTab leadId={leadId} />;
  }
}

type RightColumnProps = { leadId: number; answer: RowAnswer; currentUserId: number | null };

function RightColumn({ leadId, answer, currentUserId }: RightColumnProps): ReactNode {
  const tabs = useMemo(() => visibleRightTabs(answer.modules), [answer.modules]);
  const [selected, setSelected] = useState<RightTab | null>(null);
  const active = selected !== null && tabs.includes(selected) ? selected : (tabs[0] ?? null);
  // As on the left: a tab mounts when first opened and keeps its form afterwards.
  const [visited, setVisited] = useState<ReadonlySet<RightTab>>(() => new Set());
  if (active !== null && !visited.has(active)) setVisited(new Set([...visited, active]));
  if (active === null) return null;
  // Unknown when the user may not read the column; the server has the last word then.
  const email = answer.results.email;
  const hasEmail =
    !Object.hasOwn(answer.results, 'email') || (typeof email === 'string' && email.trim() !== '');
  return (
    <Card className="lead-side" compact>
      <Tabs
        id="lead-side-tabs"
        selectedTabId={active}
        onChange={(tab) => setSelected(tab as RightTab)}
        className="lead-tabs"
      >
        {tabs.map((tab) => (
          <Tab
            key={tab}
            id={tab}
            title={RIGHT_TAB_TITLES[tab]}
            data-testid={`side-tab-${tab}`}
            panel={
              !visited.has(tab) ? undefined : tab === 'notlar' ? (
                <NotesPanel leadId={leadId} currentUserId={currentUserId} />
              ) : tab === 'hatirlatmalar' ? (
                <RemindersPanel leadId={leadId} currentUserId={currentUserId} />
              ) : (
                <EmailPanel leadId={leadId} hasEmail={hasEmail} />
              )
            }
          />
        ))}
      </Tabs>
    </Card>
  );
}

type LeadDetailViewProps = { leadId: number; trx: number | undefined; answer: RowAnswer };

function LeadDetailView({ leadId, trx, answer }: LeadDetailViewProps): ReactNode {
  const permissions = usePermissions();
  const leftTabs = useMemo(() => visibleLeftTabs(answer.modules), [answer.modules]);
  const [active, select] = useTabHash(leftTabs);
  // Tabs mount when first opened and then stay (hidden): what was typed in one survives a look at another,
  // and a lead's opening costs only the calls of the tab on screen.
  const [visited, setVisited] = useState<ReadonlySet<LeftTab>>(() => new Set([active]));
  if (!visited.has(active)) setVisited(new Set([...visited, active]));
  const name = typeof answer.results.name === 'string' ? answer.results.name : '';

  // The window title names the person on screen (the taskbar shows it); the shell's title returns after.
  useEffect(() => {
    if (name === '') return undefined;
    const previous = document.title;
    document.title = name;
    return () => {
      document.title = previous;
    };
  }, [name]);

  return (
    <div className="page lead-detail" data-testid="lead-detail">
      <LeadHeader leadId={leadId} row={answer.results} fields={answer.fields} trx={trx} />
      <div className="lead-columns">
        <Card className="lead-main" compact>
          <Tabs
            id="lead-tabs"
            selectedTabId={active}
            onChange={(tab) => select(tab as LeftTab)}
            className="lead-tabs"
          >
            {leftTabs.map((tab) => (
              <Tab
                key={tab}
                id={tab}
                title={LEFT_TAB_TITLES[tab]}
                data-testid={`tab-${tab}`}
                panel={
                  visited.has(tab) ? (
                    <LeftTabPanel tab={tab} leadId={leadId} answer={answer} trx={trx} />
                  ) : undefined
                }
              />
            ))}
          </Tabs>
        </Card>
        <RightColumn leadId={leadId} answer={answer} currentUserId={permissions.data?.me.id ?? null} />
      </div>
    </div>
  );
}

type LeadDetailPageProps = { leadId: number; trx: number | undefined };

/** /leadDetail/{id}: the lead's record (POST /row/leads/{id}, ?trx= passed on), then the workspace. */
function LeadDetailPage({ leadId, trx }: LeadDetailPageProps): ReactNode {
  const row = useRecordRow(leadCallInputs.row(leadId, trx), { staleTime: 0 });
  if (row.data) return <LeadDetailView leadId={leadId} trx={trx} answer={row.data} />;
  if (row.isError) {
    const { kind, message } = row.error;
    if (kind === 'not_found' || kind === 'forbidden' || kind === 'invalid') return <LeadNotFound />;
    return (
      <div className="page page-centered" data-testid="lead-error">
        <Callout intent="danger" icon="error" title={uiTexts.leadLoadFailed} className="lead-load-error">
          <p>{message}</p>
          <Button icon="refresh" text={messages.retry} onClick={() => void row.refetch()} />
        </Callout>
      </div>
    );
  }
  return <FullPageStatus text={messages.loading} testId="lead-loading" />;
}

/**
 * /leadDetail/:id. Keyed by id, so next-lead navigation starts every tab and form afresh instead of
 * carrying one lead's typing over to the next.
 */
export function LeadDetailRoute(): ReactNode {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const parsed = recordId.safeParse(id);
  const trx = recordId.safeParse(search.get('trx') ?? '');
  if (!parsed.success) return <LeadNotFound />;
  return <LeadDetailPage key={parsed.data} leadId={parsed.data} trx={trx.success ? trx.data : undefined} />;
}
