import { Button, Callout, Card, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { messages } from '../../../../shared/i18n/messages';
import { usePermissions } from '../../api/permissions';
import { useCrmQuery } from '../../api/use-crm-call';
import { adminTexts } from '../../i18n/admin-texts';
import { uiTexts } from '../../i18n/ui-texts';
import { usePageTitle } from '../../shell/top-bar/top-bar-slot';
import { conversionDaysText } from '../profile';
import { AdminRefusal } from './AdminRefusal';
import { AdminJournal } from './AdminJournal';
import { AdminLayout, useMayAdminister } from './AdminLayout';
import './admin.css';

type CounterProps = { label: string; value: string; testId: string };

function Counter({ label, value, testId }: CounterProps): ReactNode {
  return (
    <Card className="admin-counter" compact data-testid={testId}>
      <span className="admin-counter-value">{value}</span>
      <span className="admin-counter-label">{label}</span>
    </Card>
  );
}

const countText = (count: number | null): string =>
  count === null ? uiTexts.emptyValue : count.toLocaleString('tr-TR');

type AdminInfoQuery = ReturnType<typeof useAdminInfo>;

const NO_INPUT = {};

function useAdminInfo(enabled: boolean) {
  return useCrmQuery('adminInfo', NO_INPUT, { enabled });
}

/** GET /admin/info as four counters. */
function AdminCounters({ info }: { info: AdminInfoQuery }): ReactNode {
  if (info.isPending) return <Spinner size={20} />;
  if (info.isError) {
    return (
      <Callout intent="danger" icon="error" title={adminTexts.countersFailed} className="admin-callout">
        <span>{info.error.message}</span>{' '}
        <Button size="small" icon="refresh" text={messages.retry} onClick={() => void info.refetch()} />
      </Callout>
    );
  }
  const { users, leads, customers, customer_average_conversion_time: conversion } = info.data;
  const days = conversionDaysText(conversion.average_conversion_time, uiTexts.emptyValue);
  return (
    <div className="admin-counters" data-testid="admin-counters">
      <Counter label={adminTexts.counterUsers} value={countText(users.count)} testId="admin-users" />
      <Counter label={adminTexts.counterLeads} value={countText(leads.count)} testId="admin-leads" />
      <Counter
        label={adminTexts.counterCustomers}
        value={countText(customers.count)}
        testId="admin-customers"
      />
      <Counter
        label={adminTexts.counterConversion}
        value={conversion.average_conversion_time === null ? days : `${days} ${adminTexts.days}`}
        testId="admin-conversion"
      />
    </div>
  );
}

/**
 * /admin (see docs/requirements.md#shell-lists-and-chat): counts of users, leads and customers and the average lead-to-customer time, and the
 * latest admin changes, beside the admin sidebar (see docs/requirements.md#lead-workspace-and-work-screens). Other departments get the refusal page.
 */
export function AdminPage(): ReactNode {
  usePageTitle(messages.adminPanel);
  const allowed = useMayAdminister();
  const info = useAdminInfo(allowed);
  const permissions = usePermissions();
  const me = permissions.data?.me;
  // The server is the judge: a 403 of /admin/info refuses too (another server's rule, a changed group).
  if (me && info.isError && info.error.kind === 'forbidden')
    return <AdminRefusal department={me.department} />;
  return (
    <AdminLayout>
      <div className="page admin-page" data-testid="admin-page">
        <header className="page-header">
          <h1 className="page-title">{messages.adminPanel}</h1>
        </header>
        {allowed ? (
          <>
            <AdminCounters info={info} />
            <AdminJournal enabled={allowed} />
          </>
        ) : (
          // docs/user-guide.md#administration-menu: the counters and the journal are the admins'; the rest is in the sidebar.
          <Callout intent="primary" icon="info-sign" className="admin-callout" data-testid="admin-limited">
            {adminTexts.limitedIntro}
          </Callout>
        )}
      </div>
    </AdminLayout>
  );
}
